import { describe, expect, test } from 'vitest';
import { requestPersistence, storageHealth } from './storage-health';

function manager(state: { persisted: boolean; grant: boolean; usage: number; quota: number }) {
  return {
    persisted: () => Promise.resolve(state.persisted),
    persist: () => Promise.resolve((state.persisted = state.grant)),
    estimate: () => Promise.resolve({ usage: state.usage, quota: state.quota }),
    getDirectory: () => Promise.reject(new Error('unused')),
  } as StorageManager;
}

describe('storage', () => {
  test('[STORE-1] persistence is asked for once, and the answer is kept', async () => {
    const state = { persisted: false, grant: true, usage: 0, quota: 100 };
    expect(await requestPersistence(manager(state))).toBe(true);
    expect(state.persisted).toBe(true);
    expect(await requestPersistence(undefined)).toBeNull();
  });

  test('[STORE-2] use against quota and persistence, with a warning at half full only', async () => {
    expect(await storageHealth(manager({ persisted: true, grant: true, usage: 10, quota: 100 }))).toEqual({
      persisted: true,
      usage: 10,
      quota: 100,
      warning: null,
    });
    expect(
      (await storageHealth(manager({ persisted: true, grant: true, usage: 60, quota: 100 }))).warning,
    ).toMatch(/60 % full/);
    expect(
      (await storageHealth(manager({ persisted: false, grant: false, usage: 1, quota: 100 }))).warning,
    ).toBeNull();
    expect(await storageHealth(undefined)).toEqual({
      persisted: null,
      usage: null,
      quota: null,
      warning: null,
    });
  });
});
