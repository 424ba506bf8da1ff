import { describe, expect, test } from 'vitest';
import { counterOnly, isCounterPath, tillAccess } from './till-access';

const BACK_OFFICE = [
  '/dashboard',
  '/dashboard/sales',
  '/dashboard/sales/0190a1b2-0000-7000-8000-000000000001',
  '/dashboard/products',
  '/dashboard/stock-movements',
  '/dashboard/customers',
  '/dashboard/insights',
  '/dashboard/activity',
  '/dashboard/settings',
  '/dashboard/settings/staff',
  '/dashboard/settings/shop',
  '/dashboard/settings/sync',
  '/dashboard/purchase-orders',
  '/dashboard/transfers',
  '/dashboard/transfers/d4b00000-0000-4000-8000-000000000001',
];

describe('[COUNTER-1] a shared till: the counter by PIN, the back office by password, locked shows the lock', () => {
  test('outside shared mode every address opens, as before', () => {
    for (const path of [...BACK_OFFICE, '/dashboard/register']) {
      expect(tillAccess({ shared: false, atCounter: false, backOffice: false }, path)).toBe('open');
    }
  });

  test('locked: only the register (its lock screen) opens; every other address shows the lock', () => {
    const locked = { shared: true, atCounter: false, backOffice: false };
    expect(tillAccess(locked, '/dashboard/register')).toBe('open');
    expect(tillAccess(locked, '/dashboard/register/')).toBe('open');
    for (const path of [...BACK_OFFICE, '/dashboard/shifts']) expect(tillAccess(locked, path)).toBe('lock');
  });

  test('someone at the counter by PIN: the register and the shift open, the back office is refused', () => {
    const pin = { shared: true, atCounter: true, backOffice: false };
    expect(tillAccess(pin, '/dashboard/register')).toBe('open');
    expect(tillAccess(pin, '/dashboard/shifts')).toBe('open');
    for (const path of BACK_OFFICE) expect(tillAccess(pin, path)).toBe('refuse');
  });

  test('the back office opened by the account password opens everything', () => {
    const open = { shared: true, atCounter: false, backOffice: true };
    for (const path of [...BACK_OFFICE, '/dashboard/register']) expect(tillAccess(open, path)).toBe('open');
    expect(counterOnly(open)).toBe(false);
  });

  test('a counter address is the path itself, not one that starts with it', () => {
    expect(isCounterPath('/dashboard/shifts')).toBe(true);
    expect(isCounterPath('/dashboard/shifts-history')).toBe(false);
    expect(isCounterPath('/dashboard/registers')).toBe(false);
  });
});
