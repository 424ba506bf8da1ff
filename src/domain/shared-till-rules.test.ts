import { describe, expect, test } from 'vitest';
import { needsHandOver } from './shared-till-rules';

const ANN = 'a6000000-0000-4000-8000-000000000001';
const CARA = 'a6000000-0000-4000-8000-000000000002';

describe('the shift handover', () => {
  test('[HANDOVER-1] with shifts by cashier only another cashier’s open shift is handed over; by drawer never', () => {
    expect(needsHandOver('cashier', ANN, CARA)).toBe(true);
    expect(needsHandOver('cashier', CARA, CARA)).toBe(false);
    expect(needsHandOver('cashier', null, CARA)).toBe(false);
    expect(needsHandOver('drawer', ANN, CARA)).toBe(false);
  });
});
