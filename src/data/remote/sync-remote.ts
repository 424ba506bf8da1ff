// The sync engine's remote port over supabase-js (src/data/sync/remote-port.ts): rpc apply_ops and
// pull_changes, the member rows of the signed-in user, session refresh, and rpc register_terminal for
// terminal setup. Every call has a timeout and answers failures as values; the session is read from
// storage without the network (DESIGN §6), and refreshed only through supabase-js, which keeps one
// refresh at a time across tabs with its own lock.
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { z } from 'zod';
import { err, ok, type Result } from '../../domain/result';
import type { TerminalRegistrar } from '../local/terminal';
import type {
  Membership,
  OpAnswer,
  PullPage,
  RefreshOutcome,
  RemoteFailure,
  RemoteResult,
  SyncRemote,
} from '../sync/remote-port';
import { toJson } from './decode';
import { memberRoleSchema } from './memberships';
import { readStoredSession } from './stored-session';
import type { Supabase } from './supabase-client';
import { msg, t } from '@lingui/core/macro';
import { type CodeWords, unknownRefusal, wordsOf } from '../refusal-words';

export interface SyncRemoteOptions {
  /** Where supabase-js keeps the session, and under which key (stored-session.ts sessionStorageKey). */
  storage: Pick<Storage, 'getItem'>;
  storageKey: string;
  /** A call that takes longer is abandoned and retried later (apply_ops is idempotent, [OPS-3]). */
  timeoutMs?: number;
}

interface PostgrestAnswer<T> {
  data: T | null;
  error: { message: string; code?: string; hint?: string | null } | null;
  status: number;
}

/**
 * [VAL-A4] An op's result as the device keeps it: its numbers (a balance after, a total). Ids and words the
 * server adds beside them (value.adjust's and account.payment's `account_id`, `status`, [VAL-C5]) are not the
 * device's to keep; reading them as numbers made an applied op's whole answer unreadable, so it was sent again.
 */
function numbersOf(result: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(result).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}

// apply_ops, pull_changes and register_terminal answer json, which the generated types leave as `Json`.
// These schemas check what the sync engine reads and keep every other key as it came (loose objects): a
// pull cursor goes back to the server as it was given, `horizon` included.
const opAnswers: z.ZodType<OpAnswer[]> = z.array(
  z.looseObject({
    op_id: z.string().nullable(),
    status: z.enum(['applied', 'duplicate', 'rejected']),
    txid: z.string().exactOptional(),
    error: z.looseObject({ code: z.string(), message: z.string() }).exactOptional(),
    warnings: z.array(z.record(z.string(), z.unknown())).exactOptional(),
    result: z.record(z.string(), z.unknown()).transform(numbersOf).exactOptional(),
    replayed: z.boolean().exactOptional(),
  }),
);

const pullPage: z.ZodType<PullPage> = z.looseObject({
  rows: z.array(
    z.looseObject({
      id: z.string(),
      company_id: z.string().exactOptional(),
      txid: z.string().exactOptional(),
      deleted_at: z.string().nullable().exactOptional(),
    }),
  ),
  next: z.looseObject({ txid: z.string(), id: z.string() }).nullable(),
  has_more: z.boolean(),
  resync: z.boolean().exactOptional(),
});

const registeredTerminal = z.object({
  id: z.string(),
  code: z.string(),
  company_id: z.string(),
  store_id: z.string(),
  name: z.string(),
});

const memberships: z.ZodType<Membership[]> = z.array(
  z.object({ company_id: z.string(), role: memberRoleSchema }),
);

/**
 * The answer's data through `schema`. An answer the app cannot read is a server fault (retried later, shown
 * on the sync page with what was wrong), not data to act on.
 */
function decoded<T>(response: PostgrestAnswer<unknown>, schema: z.ZodType<T>, what: string): RemoteResult<T> {
  const result = answer(response);
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const message = `The server's answer to ${what} was not understood: ${z.prettifyError(parsed.error)}`;
  return { ok: false, failure: { kind: 'http', status: 502, code: 'bad_answer', message, hint: '' } };
}

function answer<T>(response: PostgrestAnswer<T>): RemoteResult<T> {
  if (response.error === null && response.data !== null) return { ok: true, value: response.data };
  const error = response.error ?? { message: 'Empty answer' };
  const failure: RemoteFailure =
    response.status === 0
      ? { kind: 'network', message: error.message }
      : {
          kind: 'http',
          status: response.status,
          code: error.code ?? '',
          message: error.message,
          hint: error.hint ?? '',
        };
  return { ok: false, failure };
}

/** register_terminal's refusals ([ONB-6]) that the set-up form shows as they are said here. */
const SETUP_REFUSALS: CodeWords = {
  invalid_args: msg`Name the till (at most 100 characters).`,
  unknown_store: msg`That store no longer exists. Choose another store.`,
  duplicate_id: msg`This device’s till id belongs to another shop. Reload the page and try again.`,
};

export function createSyncRemote(
  supabase: Supabase,
  options: SyncRemoteOptions,
): SyncRemote & TerminalRegistrar {
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 30_000);
  // A paired till's account says so in its app_metadata, which only the server sets (supabase/SPEC.md §21).
  const isDevice = () =>
    readStoredSession(options.storage, options.storageKey)?.user.app_metadata.device === true;
  return {
    session() {
      const stored = readStoredSession(options.storage, options.storageKey);
      return stored
        ? { userId: stored.user.id, expiresAt: stored.expiresAt, tokenTail: stored.accessToken.slice(-16) }
        : null;
    },

    async refresh(): Promise<RefreshOutcome> {
      try {
        const { data, error } = await supabase.auth.refreshSession();
        if (error === null && data.session !== null) return 'refreshed';
        if (isAuthRetryableFetchError(error) || (error?.status ?? 0) >= 500) return 'retry';
        return 'signed_out';
      } catch {
        return 'retry';
      }
    },

    async memberships(userId) {
      // [DEV-12] A paired till is nobody's member: its unrevoked devices row names the shop it syncs for.
      const response = isDevice()
        ? await supabase
            .from('devices')
            .select('company_id')
            .eq('user_id', userId)
            .is('revoked_at', null)
            .abortSignal(timeout())
            .retry(false)
            .then((answer) => ({
              ...answer,
              data: answer.data?.map((row) => ({ company_id: row.company_id, role: 'cashier' })) ?? null,
            }))
        : await supabase
            .from('company_members')
            .select('company_id, role')
            .eq('user_id', userId)
            .is('deleted_at', null)
            .abortSignal(timeout())
            .retry(false);
      return decoded(response, memberships, 'the member rows');
    },

    async applyOps(ops) {
      const response = await supabase.rpc('apply_ops', { ops: toJson(ops) }).abortSignal(timeout());
      return decoded(response, opAnswers, 'apply_ops');
    },

    async pullChanges(table, after, limit) {
      // [DEV-12] A paired till pulls its own store's rows through its own function.
      const response = await supabase
        .rpc(isDevice() ? 'pull_device_changes' : 'pull_changes', {
          p_table: table,
          p_after: toJson(after),
          p_limit: limit,
        })
        .abortSignal(timeout());
      return decoded(response, pullPage, 'pull_changes');
    },

    async registerTerminal(
      input,
    ): Promise<Result<{ id: string; code: string; company_id: string; store_id: string; name: string }>> {
      const response = await supabase
        .rpc('register_terminal', { p_store: input.storeId, p_name: input.name, p_id: input.id })
        .abortSignal(timeout());
      const result = decoded(response, registeredTerminal, 'register_terminal');
      if (result.ok) return ok(result.value);
      const { failure } = result;
      if (failure.kind === 'network')
        return err('offline', t`Setting up a till needs the network once. Connect and try again.`);
      // The server's message is English for a developer (issue 35): the person reads words for its code.
      const code = failure.hint || failure.code || 'error';
      return err(code, wordsOf(SETUP_REFUSALS, code) ?? unknownRefusal(code));
    },
  };
}
