// iOS Safari's "Add to Home Screen" steps behind the nav bar's Install entry: a react-aria popover, loaded
// only on a browser that needs it (install-button.tsx).
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';

export function InstallSteps() {
  return (
    <DialogTrigger>
      <Button className="button button--secondary nav__action nav__install">Install app</Button>
      <Popover className="install-popover" placement="bottom end">
        <Dialog className="install-popover__dialog" aria-label="Add Tillpoint to your Home Screen">
          <ol>
            <li>Tap the Share button in Safari's toolbar.</li>
            <li>Choose “Add to Home Screen”.</li>
            <li>Tap Add. Tillpoint then opens full screen, even offline.</li>
          </ol>
          {/* [STORE-2] Why install: said here, where it helps, not as a warning after every sale. */}
          <p>
            Installed, the browser usually keeps the till’s data instead of clearing it when space runs short.
          </p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
