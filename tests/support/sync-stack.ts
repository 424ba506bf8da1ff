// A till against the local stack for sync stack tests: a real supabase-js client whose `fetch` can be
// taken offline or made to fail (seeded), its own session storage, the real remote port, a ledger and a
// mirror in fake-indexeddb, and the engine with a clock the test can move (token expiry).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/data/remote/database.types';
import ws from 'ws';
import { ANON_KEY } from '../../supabase/local/config';
import { newId } from '../../src/domain/ids';
import { LedgerDb } from '../../src/data/local/ledger-db';
import type { TerminalIdentity } from '../../src/data/local/ledger-types';
import { setUpTerminal } from '../../src/data/local/terminal';
import { recordSale } from '../../src/data/ops/sale-record';
import { ok } from '../../src/domain/result';
import { MirrorDb } from '../../src/data/local/mirror-db';
import { createSyncRemote } from '../../src/data/remote/sync-remote';
import { SyncEngine, type SyncEngineDeps } from '../../src/data/sync/sync-engine';
import { memoryStorage, stackUrl } from './supabase';

/** mulberry32: a small seeded PRNG, so a failing fault run can be replayed with its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type InjectedFault = 'before' | 'dropped' | 'http500' | 'http503' | 'timeout' | 'kill';

export interface Network {
  offline: boolean;
  /** Chooses a fault (or none) for each apply_ops call. */
  chooseFault: () => InjectedFault | null;
  /** Set when a 'kill' fault fired: the test restarts the engine from the ledger. */
  killed: boolean;
  log: {
    path: string;
    authorization: string | null;
    fault: InjectedFault | null;
    ms: number;
    body: string;
  }[];
}

export function network(): Network {
  return { offline: false, chooseFault: () => null, killed: false, log: [] };
}

const STORAGE_KEY = 'sb-till-auth-token';

function faultyFetch(net: Network): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const fault = path.endsWith('/rpc/apply_ops') && !net.offline ? net.chooseFault() : null;
    const entry = { path, authorization: request.headers.get('authorization'), fault, ms: 0, body: '' };
    net.log.push(entry);
    const started = performance.now();
    if (process.env.SYNC_TRACE) entry.body = await request.clone().text();
    try {
      return await sendOne(net, fault, input, init);
    } finally {
      entry.ms = performance.now() - started;
      if (process.env.SYNC_TRACE) console.log(`${entry.ms.toFixed(0)} ms ${path} ${entry.body.slice(0, 80)}`);
    }
  };
}

async function sendOne(
  net: Network,
  fault: InjectedFault | null,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<Response> {
  if (net.offline) throw new TypeError('fetch failed (offline)');
  if (fault === 'before') throw new TypeError('fetch failed (injected before the server)');
  if (fault === 'http500') return new Response(JSON.stringify({ message: 'injected' }), { status: 500 });
  if (fault === 'http503') return new Response('', { status: 503 });
  const response = await fetch(input, init);
  if (fault === null) return response;
  // The server has committed; the answer never arrives.
  await response.arrayBuffer();
  if (fault === 'timeout') throw new DOMException('The operation timed out.', 'TimeoutError');
  if (fault === 'kill') net.killed = true;
  throw new TypeError('fetch failed (response dropped)');
}

export interface Till {
  client: SupabaseClient;
  storage: ReturnType<typeof memoryStorage>;
  storageKey: string;
  net: Network;
  remote: ReturnType<typeof createSyncRemote>;
  ledgerName: string;
  /** Milliseconds added to the engine's clock (to make the token look about to expire). */
  clockOffset: { ms: number };
  signIn(email: string, password?: string): Promise<void>;
  engine(
    ledger: LedgerDb,
    options?: { batchSize?: number; afterPush?: SyncEngineDeps['afterPush'] },
  ): SyncEngine;
  /** The mirror engines of this till pull into for `userId`. */
  mirror(userId: string): MirrorDb;
}

export function till(label: string, net: Network = network()): Till {
  const storage = memoryStorage();
  const client = createClient<Database>(stackUrl(), ANON_KEY, {
    auth: {
      storage,
      storageKey: STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    global: { fetch: faultyFetch(net) },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const remote = createSyncRemote(client, { storage, storageKey: STORAGE_KEY, timeoutMs: 20_000 });
  const clockOffset = { ms: 0 };
  const mirrors = new Map<string, MirrorDb>();
  const ledgerName = `ledger-${label}-${crypto.randomUUID()}`;
  const mirrorFor = (userId: string): MirrorDb => {
    const mirror = mirrors.get(userId) ?? new MirrorDb(`mirror-${label}-${userId}-${crypto.randomUUID()}`);
    mirrors.set(userId, mirror);
    return mirror;
  };
  return {
    client,
    storage,
    storageKey: STORAGE_KEY,
    net,
    remote,
    ledgerName,
    clockOffset,
    mirror: mirrorFor,
    async signIn(email, password = 'test-password-1') {
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`sign-in failed: ${error.message}`);
    },
    engine(ledger, options = {}) {
      return new SyncEngine({
        ledger,
        mirrorFor,
        remote,
        now: () => Date.now() + clockOffset.ms,
        random: Math.random,
        isOnline: () => !net.offline,
        batchSize: options.batchSize ?? 100,
        retry: { baseMs: 1, maxMs: 10, jitter: 0.2 },
        ...(options.afterPush ? { afterPush: options.afterPush } : {}),
      });
    },
  };
}

/**
 * A till signed in as `email`, with its ledger open and registered as a terminal of `storeId` — the start
 * of every sync stack test that sells.
 */
export async function registeredTill(
  label: string,
  email: string,
  terminal: { storeId: string; name: string },
  password?: string,
): Promise<{ till: Till; ledger: LedgerDb; terminal: TerminalIdentity }> {
  const made = till(label);
  await made.signIn(email, password);
  const ledger = new LedgerDb(made.ledgerName);
  const setUp = await setUpTerminal(
    { ledger, registrar: made.remote, clock: () => new Date() },
    { ...terminal, id: newId() },
  );
  if (!setUp.ok) throw new Error(setUp.error.message);
  return { till: made, ledger, terminal: setUp.value };
}

/**
 * Rings up one unit of `product` (price tax-inclusive) on the till as the register does, queued in the
 * ledger's outbox; answers the sale's id and its op_id.
 */
export async function queueOneSale(
  ledger: LedgerDb,
  companyId: string,
  product: { id: string; name: string; price: number; tax_rate_bp: number },
): Promise<{ saleId: string; opId: string }> {
  const tax = Math.round((product.price * product.tax_rate_bp) / (10_000 + product.tax_rate_bp));
  const sold = await recordSale(
    { ledger, ids: newId, clock: () => new Date() },
    {
      companyId,
      tracksStock: () => true,
      build: (receiptNo, terminal) =>
        ok({
          id: newId(),
          terminal_id: terminal.id,
          receipt_no: receiptNo,
          occurred_at: new Date().toISOString(),
          tax_total: tax,
          total: product.price,
          lines: [
            {
              id: newId(),
              product_id: product.id,
              name: product.name,
              quantity: 1,
              unit_price: product.price,
              tax_rate_bp: product.tax_rate_bp,
              tax,
              total: product.price,
            },
          ],
          payments: [{ id: newId(), method: 'card', amount: product.price }],
        }),
    },
  );
  if (!sold.ok) throw new Error(sold.error.message);
  return { saleId: sold.value.sale.id, opId: sold.value.opId };
}
