// A shared till's back office (issue 33, [COUNTER-2]): closed until the signed-in account's own password
// opens it (a fresh sign-in, never a PIN), in memory only like the PIN key, so a reload closes it. Opening it
// locks the counter (nobody's PIN key stays at hand behind it); a PIN unlock, leaving shared mode, 'Close
// back office' and a few idle minutes close it again.
import { useSyncExternalStore } from 'react';
import { counterOnly } from '../../domain/till-access';
import { tillSession, type TillSession } from './till-session';

/** Minutes without a touch, a click or a key after which an open back office closes. */
export const BACK_OFFICE_IDLE_MINUTES = 5;

export interface BackOfficeState {
  /** The account whose password opened it, or null while it is closed. */
  userId: string | null;
  email: string | null;
}

const CLOSED: BackOfficeState = { userId: null, email: null };

export class BackOffice {
  private state: BackOfficeState = CLOSED;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly session: TillSession) {
    // Someone at the counter by PIN, or the till leaving shared mode, closes the back office.
    session.subscribe(() => {
      const { shared, who } = session.get();
      if (who !== null || !shared) this.close();
    });
  }

  get = (): BackOfficeState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Whether it is open for this signed-in user (another account's sign-in never inherits it). */
  isOpenFor(userId: string | null): boolean {
    return userId !== null && this.state.userId === userId;
  }

  /** After the account's password was checked: lock the counter, then open. */
  open(account: { userId: string; email: string }): void {
    this.session.lock('back_office');
    this.set({ userId: account.userId, email: account.email });
  }

  close(): void {
    if (this.state.userId !== null) this.set(CLOSED);
  }

  private set(next: BackOfficeState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The page's one back office, beside its one till session. */
export const backOffice = new BackOffice(tillSession);

/** What this device shows now: the counter only (a shared till, back office closed) or everything. */
export function useCounterOnly(userId: string | null): { counter: boolean; shared: boolean } {
  const { shared, who } = useSyncExternalStore(tillSession.subscribe, tillSession.get);
  const office = useSyncExternalStore(backOffice.subscribe, backOffice.get);
  const open = userId !== null && office.userId === userId;
  return { counter: counterOnly({ shared, atCounter: who !== null, backOffice: open }), shared };
}
