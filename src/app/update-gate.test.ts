import { describe, expect, test } from 'vitest';
import { decideUpdate, waitReasons } from './update-gate';

const idle = { pending: true, requested: false, saleOpen: false, unsyncedOps: 0 };

describe('decideUpdate', () => {
  test('nothing to do without a new version', () => {
    expect(decideUpdate({ ...idle, pending: false, requested: true })).toEqual({ kind: 'none' });
  });

  test('a waiting version is offered, never applied unasked', () => {
    expect(decideUpdate(idle)).toEqual({ kind: 'offer' });
    expect(decideUpdate({ ...idle, saleOpen: true, unsyncedOps: 2 })).toEqual({ kind: 'offer' });
  });

  test('applies once asked when no sale is open and the outbox is drained', () => {
    expect(decideUpdate({ ...idle, requested: true })).toEqual({ kind: 'apply' });
  });

  test('waits while a sale is in progress', () => {
    expect(decideUpdate({ ...idle, requested: true, saleOpen: true })).toEqual({
      kind: 'wait',
      reasons: ['Finish or park the sale in progress first.'],
    });
  });

  test('waits while ops are unsynced, and says how many', () => {
    expect(decideUpdate({ ...idle, requested: true, unsyncedOps: 3 })).toEqual({
      kind: 'wait',
      reasons: ['Waiting for 3 unsynced operations to sync.'],
    });
  });

  test('gives both reasons when both hold', () => {
    expect(waitReasons({ saleOpen: true, unsyncedOps: 1 })).toEqual([
      'Finish or park the sale in progress first.',
      'Waiting for 1 unsynced operation to sync.',
    ]);
  });
});
