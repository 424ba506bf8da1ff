import { describe, expect, test } from 'vitest';
import { BackOffice } from './back-office';
import { TillSession } from './till-session';

const OWNER = { userId: 'owner-1', email: 'owner@demo.test' };
const CARA = { id: 'cara', name: 'Cara', role: 'cashier' as const, key: 'k' };

function till() {
  const session = new TillSession();
  session.setShared(true);
  const locks: string[] = [];
  session.onLock((_who, reason) => locks.push(reason));
  return { session, office: new BackOffice(session), locks };
}

describe('[COUNTER-2] the back office of a shared till', () => {
  test('opening it locks the counter first; it is open for that account only', () => {
    const { session, office, locks } = till();
    session.unlock(CARA);
    office.open(OWNER);
    expect(session.get().who).toBeNull();
    expect(locks).toEqual(['back_office']);
    expect(office.isOpenFor(OWNER.userId)).toBe(true);
    expect(office.isOpenFor('someone-else')).toBe(false);
    expect(office.isOpenFor(null)).toBe(false);
  });

  test('a PIN unlock closes it', () => {
    const { session, office } = till();
    office.open(OWNER);
    session.unlock(CARA);
    expect(office.isOpenFor(OWNER.userId)).toBe(false);
  });

  test('leaving shared mode closes it, and so does close()', () => {
    const { session, office } = till();
    office.open(OWNER);
    session.setShared(false);
    expect(office.get().userId).toBeNull();
    session.setShared(true);
    office.open(OWNER);
    office.close();
    expect(office.get()).toEqual({ userId: null, email: null });
  });
});
