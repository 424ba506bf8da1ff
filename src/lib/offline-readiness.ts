// [SW-2] Whether this page can keep working if the network drops now: a service worker controls it (so every
// request for a part loaded on demand is answered from its cache), that worker's cache holds every file of
// this version, and the counter's on-demand parts have loaded through it. Until all three hold, the register
// says it is still getting ready; it never claims more than it checked.
import { plural, t } from '@lingui/core/macro';

export type OfflineReadiness =
  | { kind: 'unsupported' }
  | { kind: 'preparing' }
  | { kind: 'ready' }
  /** `missing`: how many files the worker's cache lacks; null when it did not answer, or a part failed. */
  | { kind: 'incomplete'; missing: number | null };

export interface PrecacheStatus {
  total: number;
  missing: readonly string[];
}

export interface ReadinessSource {
  /** The page's service worker container; null where there is none (tests, `vite dev`). */
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'> | null;
  /** Asks the controlling worker which of its files are missing (sw.ts answers PRECACHE_STATUS). */
  askStatus: (worker: ServiceWorker) => Promise<PrecacheStatus>;
  /** The counter's parts that load on demand, loaded ahead so a drop of the network cannot catch them. */
  parts: readonly (() => Promise<unknown>)[];
}

/** Runs the check once, reporting each state; answers a function that stops reporting. */
export function checkOfflineReadiness(
  source: ReadinessSource,
  report: (state: OfflineReadiness) => void,
): () => void {
  let live = true;
  const say = (state: OfflineReadiness) => {
    if (live) report(state);
  };
  const { container } = source;
  if (container === null) {
    say({ kind: 'unsupported' });
    return () => undefined;
  }
  say({ kind: 'preparing' });
  let stopWaiting: () => void = () => undefined;
  const controller = new Promise<ServiceWorker>((resolve) => {
    if (container.controller) {
      resolve(container.controller);
      return;
    }
    // The first worker takes this page once it has installed everything ([SW-1]).
    const taken = () => {
      if (container.controller) resolve(container.controller);
    };
    container.addEventListener('controllerchange', taken);
    stopWaiting = () => {
      container.removeEventListener('controllerchange', taken);
    };
  });
  void controller
    .then(async (worker) => {
      stopWaiting();
      const status = await source.askStatus(worker);
      if (status.missing.length > 0) {
        say({ kind: 'incomplete', missing: status.missing.length });
        return;
      }
      await Promise.all(source.parts.map((load) => load()));
      say({ kind: 'ready' });
    })
    .catch(() => {
      say({ kind: 'incomplete', missing: null });
    });
  return () => {
    live = false;
    stopWaiting();
  };
}

/** How long the worker may take to list its cache before the page stops waiting. */
const STATUS_TIMEOUT_MS = 15_000;

/** PRECACHE_STATUS over a message channel, as sw.ts answers it. */
export function askPrecacheStatus(worker: ServiceWorker): Promise<PrecacheStatus> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      reject(new Error('The service worker did not answer.'));
    }, STATUS_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      channel.port1.close();
      const data = event.data as Partial<PrecacheStatus> | null;
      if (data && typeof data.total === 'number' && Array.isArray(data.missing)) {
        resolve({ total: data.total, missing: data.missing });
      } else reject(new Error('The service worker answered something else.'));
    };
    worker.postMessage({ type: 'PRECACHE_STATUS' }, [channel.port2]);
  });
}

/** The words the register shows for each state, in the screens' language; null: nothing to show (no worker). */
export function readinessText(state: OfflineReadiness): string | null {
  switch (state.kind) {
    case 'unsupported':
      return null;
    case 'preparing':
      return t`Getting ready to work offline… stay online`;
    case 'ready':
      return t`Ready to work offline`;
    case 'incomplete': {
      if (state.missing === null) {
        return t`Not ready to work offline: this till could not check its offline copy. Reload while online.`;
      }
      const missing = state.missing;
      return plural(missing, {
        one: 'Not ready to work offline: # file of this version is missing. Reload while online.',
        other: 'Not ready to work offline: # files of this version are missing. Reload while online.',
      });
    }
  }
}
