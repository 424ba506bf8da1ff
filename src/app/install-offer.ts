// The browser's offer to install Tillpoint. Chromium fires `beforeinstallprompt` once, early, so it is caught
// at start-up and kept until the cashier presses Install. iOS Safari has no such event: there the app can
// only say how to add it to the home screen, and only when it is not already running from there.

/** Chromium's event; not in the DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState = 'unavailable' | 'prompt' | 'ios-instructions' | 'installed';

export interface InstallOffer {
  getState: () => InstallState;
  subscribe: (listener: () => void) => () => void;
  install: () => Promise<void>;
}

export function isIosSafari(userAgent: string, standalone: boolean): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || /Macintosh.*Mobile/.test(userAgent);
  const otherBrowser = /CriOS|FxiOS|EdgiOS/.test(userAgent);
  return ios && !otherBrowser && !standalone;
}

export function createInstallOffer(win: Window): InstallOffer {
  const standalone =
    win.matchMedia('(display-mode: standalone)').matches ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  let state: InstallState = isIosSafari(win.navigator.userAgent, standalone)
    ? 'ios-instructions'
    : 'unavailable';
  let deferred: BeforeInstallPromptEvent | null = null;
  const listeners = new Set<() => void>();
  const set = (next: InstallState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  win.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away; the nav bar offers Install instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set('prompt');
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    set('installed');
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async install() {
      const event = deferred;
      if (!event) return;
      deferred = null; // The event can prompt only once.
      await event.prompt();
      const { outcome } = await event.userChoice;
      set(outcome === 'accepted' ? 'installed' : 'unavailable');
    },
  };
}
