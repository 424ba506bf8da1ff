// What a device shows at an address when it is a shared till (issue 33, [COUNTER-1]…[COUNTER-3] in SPEC.md).
// A PIN opens the counter and nothing else; the back office needs the signed-in account's own password; a
// locked till shows the lock screen whatever the address. Pure, so the route guard, the menus and their tests
// all ask the same question.

/** Where a PIN at a shared till may go: the register (with its recent sales) and the till's shift. */
export const COUNTER_PATHS = ['/dashboard/register', '/dashboard/shifts'] as const;

export interface TillAccessState {
  /** This device is in shared mode. */
  shared: boolean;
  /** Someone unlocked the counter with their PIN. */
  atCounter: boolean;
  /** The signed-in account's own password opened the back office on this device, and it is still open. */
  backOffice: boolean;
}

/** open: show the page; lock: show the lock screen (the register's); refuse: say it needs a sign-in. */
export type TillAccess = 'open' | 'lock' | 'refuse';

export function isCounterPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return COUNTER_PATHS.some((counter) => path === counter);
}

/** True when the device shows the counter only: a shared till whose back office is closed. */
export function counterOnly(state: TillAccessState): boolean {
  return state.shared && !state.backOffice;
}

/** [COUNTER-1] What a dashboard address shows on this device. */
export function tillAccess(state: TillAccessState, pathname: string): TillAccess {
  if (!counterOnly(state)) return 'open';
  // Locked: the lock screen and nothing else, whatever was typed (the register hosts it).
  if (!state.atCounter) return pathname.replace(/\/+$/, '') === '/dashboard/register' ? 'open' : 'lock';
  return isCounterPath(pathname) ? 'open' : 'refuse';
}
