// The engine's view of the server: a small port the supabase-js adapter (src/data/remote/sync-remote.ts)
// implements and tests replace with fakes that drop, fail or delay answers. Failures are values, sorted by
// what the engine does about them, never exceptions.
import type { MirrorRow } from '../local/mirror-db';
import { msg, t } from '@lingui/core/macro';
import { type CodeWords, wordsOf } from '../refusal-words';

export type RemoteFailure =
  | { kind: 'network'; message: string }
  | { kind: 'http'; status: number; code: string; message: string; hint: string };

export type RemoteResult<T> = { ok: true; value: T } | { ok: false; failure: RemoteFailure };

/** An outbox row as apply_ops takes it (supabase/SPEC.md §3). */
export interface WireOp {
  op_id: string;
  name: string;
  args: Record<string, unknown>;
  terminal_id: string | null;
  seq: number;
  created_at: string;
}

export interface OpAnswer {
  op_id: string | null;
  status: 'applied' | 'duplicate' | 'rejected';
  txid?: string;
  error?: { code: string; message: string };
  warnings?: Record<string, unknown>[];
  result?: Record<string, number>;
  replayed?: boolean;
}

export interface PullCursorValue {
  txid: string;
  id: string;
}

export interface PullPage {
  rows: MirrorRow[];
  next: PullCursorValue | null;
  has_more: boolean;
  resync?: boolean;
}

export interface SessionInfo {
  userId: string;
  /** Seconds since the epoch, as supabase-js stores it. */
  expiresAt: number | null;
  /**
   * The end of the access token (its signature): a new sign-in or a step-up within the same second gives a
   * new token with the same expiry, and it must count as a new session ([AUTH-4], [AUTH-6]).
   */
  tokenTail?: string;
}

/** `retry`: the network or the server failed, keep the session; `signed_out`: the refresh token is dead. */
export type RefreshOutcome = 'refreshed' | 'retry' | 'signed_out';

export interface Membership {
  company_id: string;
  role: 'owner' | 'manager' | 'cashier';
}

export interface SyncRemote {
  /** The stored session, read without the network (DESIGN §6: offline keeps it whatever its expiry). */
  session(): SessionInfo | null;
  refresh(): Promise<RefreshOutcome>;
  memberships(userId: string): Promise<RemoteResult<Membership[]>>;
  applyOps(ops: readonly WireOp[]): Promise<RemoteResult<OpAnswer[]>>;
  pullChanges(table: string, after: PullCursorValue | null, limit: number): Promise<RemoteResult<PullPage>>;
}

/** [PUSH-3] What to do about a failed call: wait and retry, refresh the session, or look for a bad op. */
export function classify(failure: RemoteFailure): 'retry' | 'auth' | 'bad_request' {
  if (failure.kind === 'network') return 'retry';
  const { status, hint } = failure;
  // [DEV-11] A paired till a manager revoked: its session is over, so it is signed out and says so.
  if (status === 401 || (status === 403 && (hint === 'not_signed_in' || hint === 'device_revoked')))
    return 'auth';
  if (status >= 500 || status === 408 || status === 429 || status === 409 || status === 0) return 'retry';
  return 'bad_request';
}

/**
 * [AUTH-6] The account uses two-step sign-in and this session is password-only (aal1): the server answers
 * nothing until the user signs in again with the code ([RLS-6]); refreshing cannot raise the level.
 */
export function needsSecondFactor(failure: RemoteFailure): boolean {
  return failure.kind === 'http' && failure.hint === 'second_factor_required';
}

/** Why the server refused a whole call, by its stable code. */
const REFUSALS: CodeWords = {
  not_member: msg`This account is no longer a member of the shop.`,
  insufficient_role: msg`This account’s role may not send this work.`,
  invalid_args: msg`The till sent something the server does not read.`,
  bad_answer: msg`The server’s answer was not understood.`,
};

/**
 * [WORDS-4] Why the last sync failed, in words a cashier reads on the Sync page: what happened and what the
 * till does about it, never the browser's "TypeError: Failed to fetch". The status and code follow in
 * brackets, for whoever supports the shop.
 */
export function describeFailure(failure: RemoteFailure): string {
  if (failure.kind === 'network') {
    return t`The server could not be reached: this device is offline or the server is down. Nothing is lost; the till tries again.`;
  }
  const tag = `(HTTP ${failure.status}${failure.code ? ` ${failure.code}` : ''})`;
  if (failure.status === 429) return t`The server is busy and asked the till to wait; it tries again. ${tag}`;
  if (failure.status === 408) return t`The server took too long to answer; the till tries again. ${tag}`;
  if (failure.status === 0 || failure.status >= 500) {
    return t`The server had a problem and could not take the work; the till tries again. ${tag}`;
  }
  // The server's own message is English for a developer (issue 35): the person reads the app's words for
  // its code, and the code itself in the tag.
  const reason = wordsOf(REFUSALS, failure.hint || failure.code);
  return reason === undefined
    ? t`The server refused the request. ${tag}`
    : t`The server refused the request: ${reason} ${tag}`;
}
