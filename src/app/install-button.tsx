// The nav bar's Install entry: a button when the browser offers installation, short "Add to Home Screen"
// steps on iOS Safari (install-steps.tsx, loaded when first shown), nothing otherwise (already installed, or
// a browser that cannot install). A plain button (the bar is on every guest page) with the app's button look,
// like 'Sign out' beside it (issue 34: it showed as the browser's bare grey button).
import { lazy, Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import { useDevice, useInstallState } from './device-context';

const InstallSteps = lazy(() => import('./install-steps').then((m) => ({ default: m.InstallSteps })));

export function InstallButton() {
  const device = useDevice();
  const state = useInstallState(device);
  if (!device || state === 'unavailable' || state === 'installed') return null;
  if (state === 'prompt') {
    return (
      <button
        type="button"
        className="button button--secondary nav__action nav__install"
        onClick={() => void device.install.install()}
      >
        <Trans>Install app</Trans>
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <InstallSteps />
    </Suspense>
  );
}
