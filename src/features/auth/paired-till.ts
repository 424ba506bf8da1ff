// Remembers, on this browser, that it was paired as a shop's till (issue 33, supabase/SPEC.md §21): which
// till it was, so that once its session is gone (a manager revoked it) the sign-in page can say so and how
// many sales wait on it for a manager or an owner to hand over. Nothing secret: the credentials are never kept.
const KEY = 'tillpoint-paired-till';

export interface PairedTill {
  userId: string;
  name: string;
  storeName: string;
}

export function rememberPairedTill(till: PairedTill): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(till));
  } catch {
    // Storage blocked: the notice is not shown, nothing else changes.
  }
}

export function pairedTill(): PairedTill | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { userId, name, storeName } = value as Record<string, unknown>;
    return typeof userId === 'string' && typeof name === 'string' && typeof storeName === 'string'
      ? { userId, name, storeName }
      : null;
  } catch {
    return null;
  }
}

export function forgetPairedTill(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to undo.
  }
}
