// Starts the app services (app-services.ts, a chunk of its own) once, on the first call of any of its
// users — a sign-in, a signed-in screen's beforeLoad, the update gate — and tells the shell when they exist.
import type { AppServices } from '../routes/-router-context';
import type { StartedServices } from './app-services';
import type { LoadingSync } from './sync-context';

export interface ServicesLoader extends LoadingSync {
  load: () => Promise<AppServices>;
  /** Starts the services if need be; settles once the sale state has been read from the databases. */
  databasesRead: () => Promise<void>;
}

export function servicesLoader(start: () => Promise<StartedServices>): ServicesLoader {
  let started: Promise<StartedServices> | null = null;
  let loaded: AppServices | null = null;
  const listeners = new Set<() => void>();
  const ensure = (): Promise<StartedServices> => {
    started ??= start().then(
      (result) => {
        loaded = result.services;
        for (const listener of listeners) listener();
        return result;
      },
      (error: unknown) => {
        started = null; // a chunk that could not be fetched is tried again by the next caller
        throw error;
      },
    );
    return started;
  };
  return {
    load: async () => (await ensure()).services,
    databasesRead: async () => (await ensure()).databasesRead,
    loadSync: async () => (await ensure()).services.sync,
    current: () => loaded?.sync ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
