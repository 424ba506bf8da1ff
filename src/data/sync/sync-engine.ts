// The sync engine (DESIGN §6, src/data/sync/SPEC.md): one cycle = auth first, then push, then pull. It takes
// every dependency as a parameter (ledger, a mirror per user, the remote port, clock, random) so tests can
// inject faults; timers, events, the Web Lock and the BroadcastChannel live in sync-runtime.ts. Cycles never
// overlap: a request during a cycle runs one more cycle after it.
import { t } from '@lingui/core/macro';
import type { LedgerDb } from '../local/ledger-db';
import type { MirrorDb } from '../local/mirror-db';
import { refreshRegisterCatalogs } from '../local/register-catalog';
import { hasPasskeyApproval } from '../../domain/cashier-stamp';
import { DEFAULT_RETRY, retryDelay, type RetryPolicy } from './backoff';
import { readLastSynced, writeLastSynced } from './last-synced';
import { pullAll } from './pull';
import { pushAll } from './push';
import {
  classify,
  describeFailure,
  needsSecondFactor,
  type RemoteFailure,
  type SessionInfo,
  type SyncRemote,
} from './remote-port';
import { initialStatus, type SyncStatus } from './sync-status';

export interface SyncEngineDeps {
  ledger: LedgerDb;
  /** The mirror of one user (DESIGN §5: what that user may read). */
  mirrorFor: (userId: string) => MirrorDb;
  remote: SyncRemote;
  now: () => number;
  random: () => number;
  isOnline: () => boolean;
  retry?: RetryPolicy;
  batchSize?: number;
  pageSize?: number;
  /**
   * After each push, with the user's shops: work that follows the server's answers (receipt-mailer.ts).
   * Not awaited, so a slow mail never holds the pull; it must not throw.
   */
  afterPush?: (companies: ReadonlySet<string>) => Promise<unknown>;
  /**
   * [PASSKEY-T9] The Edge Function `verify-approvals` for one shop: the server checks the signatures of the
   * security-key approvals it holds pending. Called after a push that sent one; throws when it failed.
   */
  verifyApprovals?: (companyId: string) => Promise<unknown>;
}

/** [AUTH-1] Refresh before pushing when the access token expires within this (supabase-js uses the same). */
export const REFRESH_MARGIN_MS = 90_000;

type Step = { kind: 'ok' } | { kind: 'auth' | 'retry'; failure: RemoteFailure };

export class SyncEngine {
  private status: SyncStatus = initialStatus;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private attempt = 0;
  /** The session whose refresh token the server refused: no push until another session is stored. */
  private deadSession: string | null = null;
  private companies: ReadonlySet<string> | null = null;
  /** The user whose last sync time the status holds (read back from their mirror once). */
  private recalledFor: string | null = null;
  /**
   * [PASSKEY-T9] Shops whose security-key approvals were sent and not yet checked by verify-approvals, each
   * with a count of pushes that sent one: a push during a call keeps its shop listed for the next call.
   */
  private readonly toVerify = new Map<string, number>();
  private verifying: Promise<void> | null = null;

  constructor(private readonly deps: SyncEngineDeps) {}

  getStatus = (): SyncStatus => this.status;

  subscribe = (listener: (status: SyncStatus) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Sets fields from outside (leadership, or a follower receiving the leader's status). */
  patchStatus(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener(this.status);
  }

  /** Runs a cycle now, or once more right after the one running. Resolves when the work is done. */
  syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        for (let more = true; more;) {
          this.again = false;
          await this.cycle();
          more = this.again;
        }
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when no cycle is running (tests, and a "Sync now" button that waits for the result). */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Recounts the outbox for the status (after a local write, or a cycle). */
  async refreshCounts(): Promise<void> {
    await this.recallLastSync();
    const { ledger } = this.deps;
    const [ops, deadLetters] = await Promise.all([
      ledger.outbox.orderBy('seq').toArray(),
      ledger.deadLetters.count(),
    ]);
    const companies = this.companies;
    this.patchStatus({
      pending: ops.length,
      oldestPendingAt: ops.reduce<string | null>(
        (oldest, op) => (oldest === null || op.created_at < oldest ? op.created_at : oldest),
        null,
      ),
      deadLetters,
      waitingForOtherUser: companies ? ops.filter((op) => !companies.has(op.company_id)).length : 0,
      online: this.deps.isOnline(),
    });
  }

  private async cycle(): Promise<void> {
    await this.refreshCounts();
    if (!this.deps.isOnline()) {
      this.patchStatus({ phase: 'offline', nextRetryAt: null });
      return;
    }
    for (let authTries = 0; ; authTries++) {
      const session = await this.freshSession();
      if (session === null) return;
      const step = await this.pushThenPull(session);
      if (step.kind === 'ok') {
        await this.synced(session.userId);
        return;
      }
      if (needsSecondFactor(step.failure)) {
        this.signInAgain(session, t`Sign in again with the code from your authenticator app to sync.`);
        return;
      }
      if (step.kind === 'auth' && authTries === 0) {
        // [AUTH-3] 401: refresh and try once more.
        const outcome = await this.deps.remote.refresh();
        if (outcome === 'refreshed') continue;
        if (outcome === 'signed_out') {
          this.signInAgain(session);
          return;
        }
      }
      this.failed(step.failure);
      return;
    }
  }

  /** [STATUS-3] A complete cycle: say so, and keep its time for the next page load. */
  private async synced(userId: string): Promise<void> {
    this.attempt = 0;
    const at = new Date(this.deps.now()).toISOString();
    await writeLastSynced(this.deps.mirrorFor(userId), at);
    await this.refreshCounts();
    this.patchStatus({
      phase: 'idle',
      serverReachable: true,
      lastSyncedAt: at,
      nextRetryAt: null,
      lastError: null,
      progress: null,
    });
  }

  /**
   * [STATUS-3] The stored session's user's last sync time, read once per user (no network): a reload shows
   * the real time, and a user switch shows that user's. A fresher time from a cycle is never replaced.
   */
  private async recallLastSync(): Promise<void> {
    const userId = this.deps.remote.session()?.userId;
    if (userId === undefined || userId === this.recalledFor) return;
    const switched = this.recalledFor !== null;
    this.recalledFor = userId;
    const at = await readLastSynced(this.deps.mirrorFor(userId));
    const current = this.status.lastSyncedAt;
    if (switched || (at !== null && (current === null || at > current)))
      this.patchStatus({ lastSyncedAt: at });
  }

  /** [AUTH-1] The stored session, refreshed first when it expires within 90 s; null when sync must stop. */
  private async freshSession(): Promise<SessionInfo | null> {
    const { remote } = this.deps;
    let session = remote.session();
    if (session === null) {
      this.patchStatus({
        phase: this.status.pending > 0 ? 'needs_sign_in' : 'signed_out',
        nextRetryAt: null,
      });
      return null;
    }
    if (this.deadSession === sessionKey(session)) {
      this.patchStatus({ phase: 'needs_sign_in', nextRetryAt: null });
      return null;
    }
    if (this.expiresSoon(session)) {
      const outcome = await remote.refresh();
      if (outcome === 'signed_out') {
        this.signInAgain(session);
        return null;
      }
      session = remote.session();
      if (outcome === 'retry' || session === null || this.expiresSoon(session)) {
        // [AUTH-2] Never a replay with an expired token: wait and try the refresh again.
        this.failed({ kind: 'network', message: 'Could not refresh the session' });
        return null;
      }
    }
    return session;
  }

  private expiresSoon(session: SessionInfo): boolean {
    return session.expiresAt !== null && session.expiresAt * 1000 - this.deps.now() < REFRESH_MARGIN_MS;
  }

  private async pushThenPull(session: SessionInfo): Promise<Step> {
    const { remote, ledger } = this.deps;
    const members = await remote.memberships(session.userId);
    if (!members.ok) return this.step(members.failure);
    this.companies = new Set(members.value.map((member) => member.company_id));
    await this.refreshCounts();
    this.patchStatus({ phase: 'pushing' });
    const pushed = await pushAll({
      ledger,
      remote,
      now: this.deps.now,
      userId: session.userId,
      companies: this.companies,
      batchSize: this.deps.batchSize ?? 100,
      onApplied: (rows) => {
        for (const row of rows) {
          if (hasPasskeyApproval(row.args))
            this.toVerify.set(row.company_id, (this.toVerify.get(row.company_id) ?? 0) + 1);
        }
      },
    });
    await this.refreshCounts();
    // Even after a failed push: the ops answered before the failure are done.
    void this.deps.afterPush?.(this.companies).catch((error: unknown) => {
      console.warn('The work after a push failed; the next sync tries again', error);
    });
    this.verifySent();
    if (pushed.kind !== 'drained') return { kind: pushed.kind, failure: pushed.failure };
    this.patchStatus({ phase: 'pulling' });
    const mirror = this.deps.mirrorFor(session.userId);
    const pulled = await pullAll({
      ledger,
      mirror,
      remote,
      userId: session.userId,
      pageSize: this.deps.pageSize ?? 1000,
      now: this.deps.now,
      onProgress: (progress) => {
        if (progress.first) this.patchStatus({ progress });
      },
    });
    // [PULL-S] In the background, after the pull's transactions: a stale catalogue snapshot is written again.
    void refreshRegisterCatalogs(mirror).catch((error: unknown) => {
      console.warn('The register catalogue snapshot was not written', error);
    });
    return pulled.ok ? { kind: 'ok' } : this.step(pulled.failure);
  }

  /**
   * [PASSKEY-T9] Asks the server to check the security-key approvals sent, one shop at a time, in the
   * background: never awaited by the cycle, never failing it. A shop whose call failed stays listed, so the
   * next push asks again; one run at a time.
   */
  private verifySent(): void {
    const verify = this.deps.verifyApprovals;
    if (!verify || this.verifying || this.toVerify.size === 0) return;
    this.verifying = (async () => {
      for (const [companyId, sent] of [...this.toVerify]) {
        try {
          await verify(companyId);
          if (this.toVerify.get(companyId) === sent) this.toVerify.delete(companyId);
        } catch (error) {
          console.warn(
            'The server did not check the security-key approvals yet; the next push asks again',
            error,
          );
        }
      }
    })().finally(() => {
      this.verifying = null;
    });
  }

  /** Resolves when the background verify-approvals calls are done (tests). */
  async whenVerified(): Promise<void> {
    await this.verifying;
  }

  private step(failure: RemoteFailure): Step {
    return { kind: classify(failure) === 'auth' ? 'auth' : 'retry', failure };
  }

  /** [RETRY-2] A failed cycle: keep everything, wait with capped exponential backoff and jitter. */
  private failed(failure: RemoteFailure): void {
    this.attempt += 1;
    const wait = retryDelay(this.attempt, this.deps.random, this.deps.retry ?? DEFAULT_RETRY);
    this.patchStatus({
      phase: 'waiting_retry',
      // [STATUS-2] No answer at all means the server is out of reach, whatever the browser's flag says.
      serverReachable: failure.kind !== 'network',
      nextRetryAt: this.deps.now() + wait,
      lastError: describeFailure(failure),
      progress: null,
    });
  }

  /** [AUTH-4] The refresh token is dead: stop, keep the outbox, and say so. */
  private signInAgain(session: SessionInfo, reason?: string): void {
    const why = reason ?? t`Sign in again to sync.`;
    this.deadSession = sessionKey(session);
    this.patchStatus({ phase: 'needs_sign_in', serverReachable: true, nextRetryAt: null, lastError: why });
  }
}

function sessionKey(session: SessionInfo): string {
  return `${session.userId}:${String(session.expiresAt ?? '')}:${session.tokenTail ?? ''}`;
}
