// iOS Safari's "Add to Home Screen" steps behind the nav bar's Install entry: a react-aria popover, loaded
// only on a browser that needs it (install-button.tsx).
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';

export function InstallSteps() {
  const { t } = useLingui();
  return (
    <DialogTrigger>
      <Button className="button button--secondary nav__action nav__install">
        <Trans>Install app</Trans>
      </Button>
      <Popover className="install-popover" placement="bottom end">
        <Dialog className="install-popover__dialog" aria-label={t`Add Tillpoint to your Home Screen`}>
          <ol>
            <li>
              <Trans>Tap the Share button in Safari's toolbar.</Trans>
            </li>
            <li>
              <Trans>Choose “Add to Home Screen”.</Trans>
            </li>
            <li>
              <Trans>Tap Add. Tillpoint then opens full screen, even offline.</Trans>
            </li>
          </ol>
          {/* [STORE-2] Why install: said here, where it helps, not as a warning after every sale. */}
          <p>
            <Trans>
              Installed, the browser usually keeps the till’s data instead of clearing it when space runs
              short.
            </Trans>
          </p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
