// An in-memory stand-in for the server side of sync (apply_ops, pull_changes, memberships, refresh), for
// unit tests of the engine: idempotent by op_id like [OPS-3], keyset pages like [PULL-2], and a queue of
// faults to inject (network errors, 5xx, a response lost after the server committed, 401, a whole-batch 400).
import type { MirrorRow } from '../../src/data/local/mirror-db';
import type {
  Membership,
  OpAnswer,
  PullCursorValue,
  RefreshOutcome,
  RemoteResult,
  SessionInfo,
  SyncRemote,
  WireOp,
} from '../../src/data/sync/remote-port';

export type Fault = 'network' | 'http500' | 'http429' | 'lost' | 'http401' | 'http400';

export class FakeSyncServer {
  txid = 1000;
  readonly applied = new Map<string, OpAnswer>();
  /** Every op body the server applied, in order (to count duplicates). */
  readonly appliedOps: WireOp[] = [];
  readonly tables = new Map<string, MirrorRow[]>();
  readonly faults: Fault[] = [];
  /** op_id or op name → rejection code, answered per op. */
  readonly rejections = new Map<string, string>();
  /** Ops that make the whole call fail with 400 (a batch-level bug). */
  readonly poison = new Set<string>();
  /** Tables whose next pull answers "resync". */
  readonly resync = new Set<string>();
  memberships: Membership[] = [];
  session: SessionInfo | null = { userId: 'user-a', expiresAt: null };
  refreshOutcome: RefreshOutcome = 'refreshed';
  readonly calls = { applyOps: 0, refresh: 0, pull: 0, batches: [] as number[] };

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** The pull tests' user: `user-a`, a cashier of `companyId`, as company_members sends it. */
  putMember(companyId: string): void {
    this.put('company_members', {
      id: 'm-a',
      company_id: companyId,
      user_id: 'user-a',
      role: 'cashier',
      deleted_at: null,
    });
  }

  put(table: string, row: { id: string; [column: string]: unknown }): void {
    const rows = (this.tables.get(table) ?? []).filter((existing) => existing.id !== row.id);
    const stored: MirrorRow = { ...row, txid: String(++this.txid) };
    rows.push(stored);
    this.tables.set(table, rows);
  }

  remote(): SyncRemote {
    return {
      session: () => this.session,
      refresh: () => {
        this.calls.refresh += 1;
        if (this.refreshOutcome === 'refreshed' && this.session) {
          this.session = { ...this.session, expiresAt: Math.floor(this.nowMs() / 1000) + 3600 };
        }
        if (this.refreshOutcome === 'signed_out') this.session = null;
        return Promise.resolve(this.refreshOutcome);
      },
      memberships: () => Promise.resolve({ ok: true, value: this.memberships }),
      applyOps: (ops) => Promise.resolve(this.applyOps(ops)),
      pullChanges: (table, after, limit) => Promise.resolve(this.pull(table, after, limit)),
    };
  }

  private applyOps(ops: readonly WireOp[]): RemoteResult<OpAnswer[]> {
    this.calls.applyOps += 1;
    this.calls.batches.push(ops.length);
    const fault = this.faults.shift();
    if (fault === 'network') return { ok: false, failure: { kind: 'network', message: 'fetch failed' } };
    if (fault === 'http500' || fault === 'http429' || fault === 'http401') {
      const status = fault === 'http500' ? 500 : fault === 'http429' ? 429 : 401;
      return { ok: false, failure: { kind: 'http', status, code: '', message: fault, hint: '' } };
    }
    if (fault === 'http400' || ops.some((op) => this.poison.has(op.op_id))) {
      return {
        ok: false,
        failure: { kind: 'http', status: 400, code: '22023', message: 'bad batch', hint: 'invalid_args' },
      };
    }
    const txid = String(++this.txid);
    const answers = ops.map((op): OpAnswer => {
      const known = this.applied.get(op.op_id);
      if (known)
        return known.status === 'rejected'
          ? { ...known, replayed: true }
          : { op_id: op.op_id, status: 'duplicate', txid: known.txid ?? txid };
      const code = this.rejections.get(op.op_id) ?? this.rejections.get(op.name);
      if (code !== undefined) {
        const answer: OpAnswer = {
          op_id: op.op_id,
          status: 'rejected',
          txid,
          error: { code, message: `refused: ${code}` },
        };
        if (
          ![
            'not_member',
            'insufficient_role',
            'not_signed_in',
            'unknown_op',
            'server_error',
            'op_id_conflict',
          ].includes(code)
        ) {
          this.applied.set(op.op_id, answer);
        }
        return answer;
      }
      this.applied.set(op.op_id, { op_id: op.op_id, status: 'applied', txid });
      this.appliedOps.push(op);
      return { op_id: op.op_id, status: 'applied', txid };
    });
    // The server committed; with 'lost' the answer never reaches the till.
    if (fault === 'lost') return { ok: false, failure: { kind: 'network', message: 'connection reset' } };
    return { ok: true, value: answers };
  }

  private pull(table: string, after: PullCursorValue | null, limit: number) {
    this.calls.pull += 1;
    if (this.resync.delete(table) && after !== null) {
      return { ok: true as const, value: { rows: [], next: null, has_more: false, resync: true } };
    }
    const key = (row: MirrorRow) => [BigInt(row.txid ?? '0'), row.id] as const;
    const rows = [...(this.tables.get(table) ?? [])]
      .sort((a, b) => {
        const [ta, ia] = key(a);
        const [tb, ib] = key(b);
        return ta === tb ? ia.localeCompare(ib) : ta < tb ? -1 : 1;
      })
      .filter((row) => {
        if (after === null) return true;
        const [t, id] = key(row);
        const at = BigInt(after.txid);
        return t > at || (t === at && id > after.id);
      })
      .slice(0, limit);
    const last = rows.at(-1);
    return {
      ok: true as const,
      value: {
        rows,
        next: last ? { txid: last.txid ?? '0', id: last.id } : after,
        has_more: rows.length === limit,
      },
    };
  }
}
