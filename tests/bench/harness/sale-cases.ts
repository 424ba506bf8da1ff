// P4 and P5 in the page: sales completed through the register's own runner (makeCompleteSale: price the cart,
// build the sale.record argument, one strict ledger transaction), each timed; then the queued sales replayed
// by the engine's push (pushAll) in batches of 100, against one request per sale on a sample.
import { addProduct, emptyCart } from '../../../src/domain/cart-edit';
import { priceCart, type Cart, type PricingRules } from '../../../src/domain/cart';
import { systemClock } from '../../../src/domain/clock';
import { newId } from '../../../src/domain/ids';
import { units } from '../../../src/domain/quantity';
import { pricingRulesOf, productSnapshot, type CompanyRow } from '../../../src/domain/snapshots';
import { LedgerDb } from '../../../src/data/local/ledger-db';
import type { MirrorProduct } from '../../../src/data/local/mirror-db';
import { setUpTerminal } from '../../../src/data/local/terminal';
import { pushAll } from '../../../src/data/sync/push';
import { makeCompleteSale } from '../../../src/features/register/payment/complete-sale';
import { ledgerName } from '../../../src/data/local/db-names';
import { elapsed, type BenchEnv, type Who } from './bench-env';
import { syncedMirror } from './sync-cases';

interface Till {
  ledger: LedgerDb;
  complete: ReturnType<typeof makeCompleteSale>;
  products: MirrorProduct[];
  rules: PricingRules;
}

let till: Till | null = null;

async function registerTill(env: BenchEnv, who: Who, ledger: LedgerDb, name: string): Promise<void> {
  const answer = await setUpTerminal(
    { ledger, registrar: env.remote, clock: systemClock },
    { storeId: who.storeId, name, id: newId() },
  );
  if (!answer.ok) throw new Error(`Terminal setup failed: ${answer.error.message}`);
}

/** A till of its own for the harness: a fresh strict ledger, registered, selling the synced catalogue. */
async function openTill(env: BenchEnv, who: Who): Promise<Till> {
  if (till !== null) return till;
  const mirror = syncedMirror();
  const ledger = new LedgerDb('bench-till-ledger');
  await ledger.delete();
  await ledger.open();
  await registerTill(env, who, ledger, 'Bench harness');
  const company = (await mirror.companies.get(who.companyId)) as (CompanyRow & { id: string }) | undefined;
  if (company === undefined) throw new Error('The synced mirror has no company row.');
  const rules = pricingRulesOf(company);
  const products = (await mirror.products.limit(500).toArray()).filter((p) => p.active && !p.weighed);
  const tracked = new Set(products.filter((p) => p.track_stock).map((p) => p.id));
  const complete = makeCompleteSale(
    { ledger, ids: newId, clock: systemClock },
    {
      companyId: who.companyId,
      rules,
      cashierId: who.userId,
      shiftId: null,
      tracksStock: (id) => tracked.has(id),
    },
  );
  till = { ledger, complete, products, rules };
  return till;
}

/** A three-line cart, different products each time, paid by card. */
function cartFor(current: Till, n: number): Cart {
  let cart = emptyCart;
  for (let line = 0; line < 3; line++) {
    const product = current.products[(n * 3 + line) % current.products.length];
    if (product) cart = addProduct(cart, productSnapshot(product), units(1 + line), newId());
  }
  return cart;
}

/** P4: `count` checkouts, each timed from "Complete sale" to the committed transaction. */
export async function checkout(env: BenchEnv, who: Who, count: number, timed = true): Promise<number[]> {
  const current = await openTill(env, who);
  const ms: number[] = [];
  for (let n = 0; n < count; n++) {
    const cart = cartFor(current, n);
    // The screen prices the cart as it is built; the commit is timed from the press of the tender.
    const priced = priceCart(cart, current.rules);
    const start = performance.now();
    const done = await current.complete(cart, priced, [
      { method: 'card', amount: priced.totals.total, reference: `B${n}` },
    ]);
    if (timed) ms.push(elapsed(start));
    if (!done.ok) throw new Error(`Checkout ${n} failed: ${done.error.message}`);
  }
  return ms;
}

/** The harness till's ledger (its outbox holds the sales queued for P5). */
export async function tillLedger(env: BenchEnv, who: Who): Promise<LedgerDb> {
  return (await openTill(env, who)).ledger;
}

export interface Replay {
  ms: number;
  sent: number;
  /** Of `ms`, the time apply_ops requests were on the wire (the server's part, from Resource Timing). */
  wireMs: number;
  deadLetters: number;
  left: number;
}

/** P5: push every queued sale with the engine's push, `batchSize` ops per request. */
export async function replay(env: BenchEnv, who: Who, batchSize: number): Promise<Replay> {
  const current = await openTill(env, who);
  // Thousands of requests would overflow the default buffer of 250 entries.
  performance.setResourceTimingBufferSize(100_000);
  performance.clearResourceTimings();
  const start = performance.now();
  const pushed = await pushAll({
    ledger: current.ledger,
    remote: env.remote,
    now: () => Date.now(),
    userId: who.userId,
    companies: new Set([who.companyId]),
    batchSize,
  });
  const ms = elapsed(start);
  const wireMs = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.name.endsWith('/apply_ops'))
    .reduce((sum, entry) => sum + entry.duration, 0);
  if (pushed.kind !== 'drained') throw new Error(`The replay stopped: ${pushed.failure.message}`);
  const [deadLetters, left] = await Promise.all([
    current.ledger.deadLetters.count(),
    current.ledger.outbox.count(),
  ]);
  return { ms, sent: pushed.sent, wireMs, deadLetters, left };
}

/** For the register's browser cases when the app offers no setup form: this device's till, in the app's ledger. */
export async function setUpAppTill(env: BenchEnv, who: Who): Promise<void> {
  const ledger = new LedgerDb(ledgerName(env.supabaseUrl));
  await ledger.open();
  await registerTill(env, who, ledger, 'Bench till');
  ledger.close();
}
