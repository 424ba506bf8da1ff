// P4 and P5 in the page: sales completed through the register's own runner (makeCompleteSale: price the cart,
// build the sale.record argument, one strict ledger transaction), each timed; then the queued sales replayed
// by the engine's push (pushAll) in batches of 100, against one request per sale on a sample. P5c sells the
// demo café's mix instead (cafeCartFor): lattes with their options, T-shirt variants, a customer on one in five.
import { addProduct, emptyCart, setCustomer } from '../../../src/domain/cart-edit';
import { priceCart, type Cart, type PricingRules } from '../../../src/domain/cart';
import { systemClock } from '../../../src/domain/clock';
import { newId } from '../../../src/domain/ids';
import { modifiedUnitPrice, type ChosenModifier } from '../../../src/domain/modifier-pricing';
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

/** The demo café (supabase/seed.sql): its latte, the options P5c chooses, its T-shirt variants, a customer. */
interface Cafe {
  latte: MirrorProduct;
  /** Options per latte, turn about: oat; whole and a shot; soy and vanilla syrup. */
  choices: ChosenModifier[][];
  variants: MirrorProduct[];
  customerId: string | undefined;
}

interface Till {
  ledger: LedgerDb;
  complete: ReturnType<typeof makeCompleteSale>;
  products: MirrorProduct[];
  rules: PricingRules;
  cafe: Cafe | null;
}

const LATTE = 'd4000000-0000-4000-8000-0000000000a1';
const option = (n: number) => `d4200000-0000-4000-8000-00000000000${String(n)}`;
const CAFE_CHOICES = [[option(2)], [option(1), option(4)], [option(3), option(5)]];
const VARIANTS = [11, 12, 13, 14, 15, 16].map((n) => `d4000000-0000-4000-8000-0000000000${String(n)}`);

/** The café's catalogue from the synced mirror, or null when the shop is not the demo's. */
async function cafeOf(): Promise<Cafe | null> {
  const mirror = syncedMirror();
  const latte = await mirror.products.get(LATTE);
  const variants = (await mirror.products.bulkGet(VARIANTS)).filter((p) => p !== undefined);
  const options = new Map((await mirror.modifierOptions.toArray()).map((o) => [o.id, o]));
  const groups = new Map((await mirror.modifierGroups.toArray()).map((g) => [g.id, g]));
  const choices = CAFE_CHOICES.map((ids) =>
    ids.flatMap((id): ChosenModifier[] => {
      const found = options.get(id);
      const group = found ? groups.get(found.group_id) : undefined;
      return found && group
        ? [
            {
              optionId: found.id,
              groupId: group.id,
              groupName: group.name,
              optionName: found.name,
              priceDelta: found.price_delta,
            },
          ]
        : [];
    }),
  );
  if (latte === undefined || variants.length === 0 || choices.some((c) => c.length === 0)) return null;
  const customer = await mirror.customers.orderBy('id').first();
  return { latte, choices, variants, customerId: customer?.id };
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
  till = { ledger, complete, products, rules, cafe: await cafeOf() };
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

/**
 * P5c's café sale, as profile-ops.ts's CAFE=1 mix: two lattes (one, then two) with their options, and a
 * T-shirt variant on one sale in three (else another product); the customer on one sale in five.
 */
function cafeCartFor(current: Till, cafe: Cafe, n: number): Cart {
  let cart = emptyCart;
  for (let line = 0; line < 2; line++) {
    const modifiers = cafe.choices[(n + line) % cafe.choices.length] ?? [];
    const latte = productSnapshot(cafe.latte);
    cart = addProduct(
      cart,
      {
        ...latte,
        basePrice: latte.unitPrice,
        modifiers,
        unitPrice: modifiedUnitPrice(latte.unitPrice, modifiers),
      },
      units(1 + line),
      newId(),
    );
  }
  const third =
    n % 3 === 0
      ? cafe.variants[n % cafe.variants.length]
      : current.products[(n * 3 + 2) % current.products.length];
  if (third) cart = addProduct(cart, productSnapshot(third), units(1), newId());
  return n % 5 === 0 ? setCustomer(cart, cafe.customerId) : cart;
}

/** P4: `count` checkouts, each timed from "Complete sale" to the committed transaction; `cafe`: P5c's mix. */
export async function checkout(
  env: BenchEnv,
  who: Who,
  count: number,
  timed = true,
  cafe = false,
): Promise<number[]> {
  const current = await openTill(env, who);
  if (cafe && current.cafe === null)
    throw new Error('P5c needs the demo café: its latte, options and variants.');
  const ms: number[] = [];
  for (let n = 0; n < count; n++) {
    const cart = cafe && current.cafe !== null ? cafeCartFor(current, current.cafe, n) : cartFor(current, n);
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
