import { describe, expect, test } from 'vitest';
import { initialStatus } from '../../data/sync/sync-status';
import { describeSync } from './sync-health';

describe('dashboard sync health', () => {
  test('[STATUS-2] work waiting while the server does not answer waits for the connection', () => {
    const waiting = { ...initialStatus, pending: 2 };
    expect(describeSync(waiting).detail).toMatch(/^Waiting to sync\./);
    expect(describeSync({ ...waiting, serverReachable: false }).detail).toMatch(
      /^Waiting for the connection\./,
    );
    expect(describeSync({ ...initialStatus, serverReachable: false }).headline).toBe(
      'Offline, nothing waiting',
    );
  });
});
