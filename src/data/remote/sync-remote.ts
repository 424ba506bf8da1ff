// The sync engine's remote port over supabase-js (src/data/sync/remote-port.ts): rpc apply_ops and
// pull_changes, the member rows of the signed-in user, session refresh, and rpc register_terminal for
// terminal setup. Every call has a timeout and answers failures as values; the session is read from
// storage without the network (DESIGN §6), and refreshed only through supabase-js, which keeps one
// refresh at a time across tabs with its own lock.
import { isAuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
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
import { readStoredSession } from './stored-session';

export interface SyncRemoteOptions {
  /** Where supabase-js keeps the session, and under which key (supabase-client.ts sessionStorageKey). */
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

export function createSyncRemote(
  supabase: SupabaseClient,
  options: SyncRemoteOptions,
): SyncRemote & TerminalRegistrar {
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 30_000);
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
      const response = await supabase
        .from('company_members')
        .select('company_id, role')
        .eq('user_id', userId)
        .is('deleted_at', null)
        .abortSignal(timeout())
        .retry(false);
      return answer<Membership[]>(response);
    },

    async applyOps(ops) {
      const response = await supabase.rpc('apply_ops', { ops }).abortSignal(timeout());
      return answer<OpAnswer[]>(response as PostgrestAnswer<OpAnswer[]>);
    },

    async pullChanges(table, after, limit) {
      const response = await supabase
        .rpc('pull_changes', { p_table: table, p_after: after, p_limit: limit })
        .abortSignal(timeout());
      return answer<PullPage>(response as PostgrestAnswer<PullPage>);
    },

    async registerTerminal(
      input,
    ): Promise<Result<{ id: string; code: string; company_id: string; store_id: string; name: string }>> {
      const response = (await supabase
        .rpc('register_terminal', { p_store: input.storeId, p_name: input.name, p_id: input.id })
        .abortSignal(timeout())) as PostgrestAnswer<{
        id: string;
        code: string;
        company_id: string;
        store_id: string;
        name: string;
      }>;
      const result = answer(response);
      if (result.ok) return ok(result.value);
      const { failure } = result;
      if (failure.kind === 'network')
        return err('offline', 'Setting up a till needs the network once. Connect and try again.');
      return err(failure.hint || failure.code || 'error', failure.message);
    },
  };
}
