// The nav bar's Install entry: a button when the browser offers installation, short "Add to Home Screen"
// steps on iOS Safari, nothing otherwise (already installed, or a browser that cannot install).
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { useDevice, useInstallState } from './device-context';

export function InstallButton() {
  const device = useDevice();
  const state = useInstallState(device);
  if (!device || state === 'unavailable' || state === 'installed') return null;
  if (state === 'prompt') {
    return (
      <Button className="nav__link nav__install" onPress={() => void device.install.install()}>
        Install app
      </Button>
    );
  }
  return (
    <DialogTrigger>
      <Button className="nav__link nav__install">Install app</Button>
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
