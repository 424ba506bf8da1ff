// Registers Tillpoint's service worker (production builds only; `vite dev` never has one, DESIGN §9) and
// tells the page when a new version waits. It never activates one by itself: `apply` is called by the update
// prompt once no sale is in progress and the outbox is drained.
import { Workbox } from 'workbox-window';

export type UpdateStatus = 'current' | 'waiting' | 'activated-elsewhere';

export interface ServiceWorkerUpdates {
  getStatus: () => UpdateStatus;
  subscribe: (listener: () => void) => () => void;
  /** Lets the waiting worker take over and reloads once it controls the page. */
  apply: () => void;
}

/** How often a long-open till asks whether a new version was deployed. */
const CHECK_EVERY_MS = 30 * 60 * 1000;

/**
 * How long `apply` waits for the new worker to take control before reloading anyway. Chromium may keep a
 * worker that called skipWaiting() waiting while the old one still has work (seen in the two-build browser
 * test on a busy machine: "installed" for minutes); a navigation lets it take over at once. The update gate
 * has already decided that a reload is safe.
 */
const TAKEOVER_GRACE_MS = 3000;

export function registerServiceWorker(): ServiceWorkerUpdates | null {
  // Which build this is (set by the deploy, or by the two-build browser test); handy when reading a bug report.
  document.documentElement.dataset.build = String(import.meta.env.VITE_BUILD_ID ?? 'local');
  if (!('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  let status: UpdateStatus = 'current';
  let applying = false;
  const listeners = new Set<() => void>();
  const set = (next: UpdateStatus) => {
    status = next;
    for (const listener of listeners) listener();
  };

  wb.addEventListener('waiting', () => {
    set('waiting');
  });
  wb.addEventListener('controlling', (event) => {
    // This tab asked for it: the new worker is in charge, load the new version.
    if (applying) window.location.reload();
    // Another tab applied it: this tab still runs the old code against the new worker, so it must reload too,
    // but through the same gate (never in the middle of a sale).
    else if (event.isUpdate) set('activated-elsewhere');
  });
  void wb.register().catch((error: unknown) => {
    // Without a worker the app still runs online; there is nothing the cashier could do about it.
    console.warn('Service worker registration failed', error);
  });
  const check = () => void wb.update().catch(() => undefined);
  setInterval(check, CHECK_EVERY_MS);
  window.addEventListener('online', check);

  return {
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply() {
      if (status === 'activated-elsewhere') {
        window.location.reload();
        return;
      }
      applying = true;
      wb.messageSkipWaiting();
      setTimeout(() => {
        window.location.reload();
      }, TAKEOVER_GRACE_MS);
    },
  };
}
