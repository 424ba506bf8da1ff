import { describe, expect, test } from 'vitest';
import {
  checkOfflineReadiness,
  readinessText,
  type OfflineReadiness,
  type PrecacheStatus,
  type ReadinessSource,
} from './offline-readiness';

/** A service worker container the test drives: no controller until `take` (the first worker's claim). */
function fakeContainer() {
  const listeners = new Set<() => void>();
  const container = {
    controller: null as ServiceWorker | null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  return {
    container: container as unknown as NonNullable<ReadinessSource['container']>,
    listeners,
    take() {
      container.controller = {} as ServiceWorker;
      for (const listener of listeners) listener();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function run(source: ReadinessSource) {
  const states: OfflineReadiness['kind'][] = [];
  const stop = checkOfflineReadiness(source, (state) => states.push(state.kind));
  return { states, stop };
}

describe('[SW-2] the register says it is ready for offline only once it checked', () => {
  test('[SW-2] not ready until a worker controls the page, then ready once its cache is whole and the parts loaded', async () => {
    const fake = fakeContainer();
    const loaded: string[] = [];
    const { states } = run({
      container: fake.container,
      askStatus: () => Promise.resolve({ total: 3, missing: [] }),
      parts: [
        () => Promise.resolve(loaded.push('modifier dialog')),
        () => Promise.resolve(loaded.push('qr')),
      ],
    });
    await settle();
    expect(states).toEqual(['preparing']);
    expect(loaded).toEqual([]);
    fake.take();
    await settle();
    expect(states).toEqual(['preparing', 'ready']);
    expect(loaded).toEqual(['modifier dialog', 'qr']);
    expect(fake.listeners.size).toBe(0);
  });

  test('[SW-2] a cache with files missing, a worker that does not answer or a part that fails is not ready', async () => {
    const answers: (() => Promise<PrecacheStatus>)[] = [
      () => Promise.resolve({ total: 3, missing: ['/assets/qr.js'] }),
      () => Promise.reject(new Error('no answer')),
      () => Promise.resolve({ total: 3, missing: [] }),
    ];
    const seen: OfflineReadiness[] = [];
    for (const [index, askStatus] of answers.entries()) {
      const fake = fakeContainer();
      fake.take();
      checkOfflineReadiness(
        {
          container: fake.container,
          askStatus,
          parts: index === 2 ? [() => Promise.reject(new Error('Failed to fetch'))] : [],
        },
        (state) => {
          if (state.kind !== 'preparing') seen.push(state);
        },
      );
      await settle();
    }
    expect(seen).toEqual([
      { kind: 'incomplete', missing: 1 },
      { kind: 'incomplete', missing: null },
      { kind: 'incomplete', missing: null },
    ]);
    expect(seen.map(readinessText)).toEqual([
      'Not ready to work offline: 1 file of this version is missing. Reload while online.',
      'Not ready to work offline: this till could not check its offline copy. Reload while online.',
      'Not ready to work offline: this till could not check its offline copy. Reload while online.',
    ]);
  });

  test('[SW-2] without a service worker (tests, vite dev) nothing is claimed and nothing is shown', () => {
    const { states } = run({
      container: null,
      askStatus: () => Promise.reject(new Error('unused')),
      parts: [],
    });
    expect(states).toEqual(['unsupported']);
    expect(readinessText({ kind: 'unsupported' })).toBeNull();
  });

  test('[SW-2] a register that left stops hearing about it', async () => {
    const fake = fakeContainer();
    const { states, stop } = run({
      container: fake.container,
      askStatus: () => Promise.resolve({ total: 1, missing: [] }),
      parts: [],
    });
    stop();
    expect(fake.listeners.size).toBe(0);
    fake.take();
    await settle();
    expect(states).toEqual(['preparing']);
  });
});
