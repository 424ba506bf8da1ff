// [AGREE-1] The till and the server agree, always: a seeded property builds sales and partial refunds with
// the register's own code (makeCompleteSale, refundSale: src/domain's cart, discounts, weighed goods, tax in
// both price terms, cash rounding, split tenders), sends them through the real sync engine to apply_ops on
// the local stack, and checks that every op is applied and the server's totals, tax and stock equal the
// till's. PROPERTY_RUNS cases (default 1,000; the PostgreSQL run in CI takes more) in batches of BATCH.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Cart, CartLine, PricingRules } from '../../src/domain/cart';
import type { Discount } from '../../src/domain/discount';
import { newId } from '../../src/domain/ids';
import type { Tender } from '../../src/domain/tender';
import { cashToPay } from '../../src/domain/tender';
import { priceCart } from '../../src/domain/cart';
import type { LedgerDb } from '../../src/data/local/ledger-db';
import type { CommandDeps } from '../../src/data/local/command-deps';
import type { SyncEngine } from '../../src/data/sync/sync-engine';
import { makeCompleteSale } from '../../src/features/register/payment/complete-sale';
import { refundSale } from '../../src/features/register/refund/refund-command';
import { createShop, must, type Shop } from '../support/shop';
import { serviceClient } from '../support/supabase';
import { registeredTill } from '../support/sync-stack';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261124);
const BATCH = 50;

interface ServerProduct {
  id: string;
  name: string;
  sku: string;
  price: number;
  tax_rate_bp: number;
  weighed: boolean;
}

interface Counter {
  shop: Shop;
  rules: PricingRules;
  products: ServerProduct[];
  ledger: LedgerDb;
  engine: SyncEngine;
  deps: CommandDeps;
}

const counters: Counter[] = [];

async function counter(taxMode: 'inclusive' | 'exclusive', cashRounding: number): Promise<Counter> {
  const shop = await createShop({ pricesIncludeTax: taxMode === 'inclusive', products: 1 });
  must(
    await serviceClient().from('companies').update({ cash_rounding: cashRounding }).eq('id', shop.companyId),
    'cash rounding',
  );
  const rows = [0, 550, 700, 1000, 2000, 2100].flatMap((rate, i) => [
    { name: `Piece ${i}`, sku: `PC-${i}`, price: 5 + 1_379 * i, tax_rate_bp: rate, weighed: false },
    { name: `Weighed ${i}`, sku: `WG-${i}`, price: 99 + 733 * i, tax_rate_bp: rate, weighed: true },
  ]);
  const products = must<ServerProduct[]>(
    await shop.manager.client
      .from('products')
      .insert(rows.map((row) => ({ ...row, company_id: shop.companyId, track_stock: true })))
      .select('id, name, sku, price, tax_rate_bp, weighed'),
    'products',
  );
  // A manager's till: managers may both sell and refund.
  const made = await registeredTill(`agree-${taxMode}`, shop.manager.email, {
    storeId: shop.storeId,
    name: `Agree ${taxMode}`,
  });
  return {
    shop,
    rules: { currency: 'EUR', taxMode, cashRounding },
    products,
    ledger: made.ledger,
    engine: made.till.engine(made.ledger, { batchSize: 100 }),
    deps: { ledger: made.ledger, ids: newId, clock: () => new Date() },
  };
}

beforeAll(async () => {
  counters.push(await counter('inclusive', 5), await counter('exclusive', 1));
});

afterAll(() => {
  for (const { ledger } of counters) ledger.close();
});

const discountArb: fc.Arbitrary<Discount | undefined> = fc.option(
  fc.oneof(
    fc.integer({ min: 0, max: 10_000 }).map((rate): Discount => ({ kind: 'percent', rate })),
    fc.integer({ min: 0, max: 5_000 }).map((amount): Discount => ({ kind: 'amount', amount })),
  ),
  { nil: undefined, freq: 3 },
);

interface Case {
  counter: number;
  lines: { product: number; pieces: number; grams: number; discount: Discount | undefined }[];
  cartDiscount: Discount | undefined;
  cardShare: number;
  cashOver: number;
  refund: { share: number; cash: boolean } | undefined;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  counter: fc.integer({ min: 0, max: 1 }),
  lines: fc.array(
    fc.record({
      product: fc.nat(),
      pieces: fc.integer({ min: 1, max: 9 }),
      grams: fc.integer({ min: 1, max: 9_999 }),
      discount: discountArb,
    }),
    { minLength: 1, maxLength: 6 },
  ),
  cartDiscount: discountArb,
  /** Share of the total paid by card (0: all cash, 1: all card), and cash handed over above what is due. */
  cardShare: fc.constantFrom(0, 0.25, 0.5, 1),
  cashOver: fc.constantFrom(0, 3, 50, 1_000),
  /** Refund part of it afterwards: how much of each line (0 = not that line), and in cash or by card. */
  refund: fc.option(fc.record({ share: fc.constantFrom(0.5, 1), cash: fc.boolean() }), { nil: undefined }),
});

function cartOf(c: Case, till: Counter): Cart {
  const lines = c.lines.map((spec, index): CartLine => {
    const product = till.products[spec.product % till.products.length];
    if (!product) throw new Error('no products');
    const line: CartLine = {
      lineId: `line-${String(index)}`,
      productId: product.id,
      name: product.name,
      sku: product.sku,
      unitPrice: product.price,
      taxRate: product.tax_rate_bp,
      weighed: product.weighed,
      quantity: product.weighed ? spec.grams : spec.pieces * 1000,
    };
    return spec.discount ? { ...line, discount: spec.discount } : line;
  });
  return c.cartDiscount ? { lines, discount: c.cartDiscount } : { lines };
}

function tendersOf(c: Case, cart: Cart, rules: PricingRules): Tender[] {
  const total = priceCart(cart, rules).totals.total;
  const card = Math.floor(total * c.cardShare);
  const tenders: Tender[] = card > 0 ? [{ method: 'card', amount: card, reference: 'PROP' }] : [];
  const cashDue = cashToPay(total - card, rules.cashRounding);
  if (total - card > 0) tenders.push({ method: 'cash', amount: cashDue + c.cashOver });
  return tenders;
}

/** Records one case at its till, as a cashier would: the sale, then maybe a refund of part of it. */
async function ringUp(c: Case): Promise<{ till: Counter; saleIds: string[] }> {
  const till = counters[c.counter];
  if (!till) throw new Error('no till');
  const setting = { companyId: till.shop.companyId, rules: till.rules, cashierId: null, shiftId: null };
  const cart = cartOf(c, till);
  const sold = await makeCompleteSale(till.deps, { ...setting, tracksStock: () => true })(
    cart,
    priceCart(cart, till.rules),
    tendersOf(c, cart, till.rules),
  );
  if (!sold.ok) throw new Error(`the till refused its own sale: ${sold.error.code} ${sold.error.message}`);
  const saleIds = [sold.value.saleId];
  if (c.refund) {
    const lines = await till.ledger.saleLines.where('sale_id').equals(sold.value.saleId).toArray();
    const quantities = lines.flatMap((line) => {
      const weighed = till.products.find((p) => p.id === line.product_id)?.weighed ?? false;
      const wanted = Math.floor(line.quantity * (c.refund?.share ?? 1));
      const quantity = weighed ? wanted : Math.floor(wanted / 1000) * 1000;
      return quantity > 0 ? [{ originalLineId: line.id, quantity }] : [];
    });
    if (quantities.length > 0) {
      const refunded = await refundSale(
        till.deps,
        {
          ...setting,
          tracksStock: () => true,
          isWeighed: (id) => till.products.find((p) => p.id === id)?.weighed ?? false,
        },
        {
          saleId: sold.value.saleId,
          quantities,
          tender: { method: c.refund.cash ? 'cash' : 'card' },
          reason: 'Property test',
          restock: true,
        },
      );
      if (!refunded.ok) throw new Error(`the till refused its own refund: ${refunded.error.message}`);
      saleIds.push(refunded.value.refundId);
    }
  }
  return { till, saleIds };
}

async function drain(till: Counter): Promise<void> {
  for (let round = 0; round < 20 && (await till.ledger.outbox.count()) > 0; round++) {
    await till.engine.syncNow();
  }
}

interface Totals {
  id: string;
  subtotal: number;
  discount_total: number;
  tax_total: number;
  rounding: number;
  total: number;
}

async function serverSales(ids: string[]): Promise<Map<string, Totals>> {
  const rows = must<Totals[]>(
    await serviceClient()
      .from('sales')
      .select('id, subtotal, discount_total, tax_total, rounding, total')
      .in('id', ids),
    'server sales',
  );
  return new Map(rows.map((row) => [row.id, row]));
}

async function serverOnHand(till: Counter): Promise<Map<string, number>> {
  const rows = must<{ product_id: string; on_hand: number | string }[]>(
    await serviceClient()
      .from('stock_levels')
      .select('product_id, on_hand')
      .eq('store_id', till.shop.storeId),
    'stock levels',
  );
  return new Map(rows.map((row) => [row.product_id, Number(row.on_hand)]));
}

/** What the till's own ledger says each product's stock moved by (its sales' and refunds' movements). */
async function tillDeltas(till: Counter): Promise<Map<string, number>> {
  const deltas = new Map<string, number>();
  for (const move of await till.ledger.stockMovements.toArray()) {
    deltas.set(move.product_id, (deltas.get(move.product_id) ?? 0) + move.delta);
  }
  return deltas;
}

test(`[AGREE-1] ${String(RUNS)} sales and refunds built by the till are all applied, and the server's totals, tax and stock equal the till's (seed ${String(SEED)})`, async () => {
  console.info(`[AGREE-1] seed ${String(SEED)}, ${String(RUNS)} cases in batches of ${String(BATCH)}`);
  let cases = 0;
  let refunds = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(caseArb, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const recorded = [];
      for (const c of batch) recorded.push(await ringUp(c));
      for (const till of counters) await drain(till);
      for (const till of counters) {
        expect(await till.ledger.outbox.count()).toBe(0);
        expect((await till.ledger.deadLetters.toArray()).map((dead) => dead.error)).toEqual([]);
      }
      const ids = recorded.flatMap((r) => r.saleIds);
      const server = await serverSales(ids);
      for (const { till, saleIds } of recorded) {
        for (const id of saleIds) {
          const local = await till.ledger.sales.get(id);
          if (!local) throw new Error(`the till lost ${id}`);
          // The till keeps subtotal and discounts for sales; a refund's are the server's to work out.
          expect(server.get(id)).toMatchObject({
            id,
            tax_total: local.tax_total,
            rounding: local.rounding,
            total: local.total,
            ...(local.subtotal === null ? {} : { subtotal: local.subtotal }),
            ...(local.discount_total === null ? {} : { discount_total: local.discount_total }),
          });
        }
      }
      for (const till of counters) {
        const [onServer, deltas] = await Promise.all([serverOnHand(till), tillDeltas(till)]);
        for (const product of till.products) {
          expect(onServer.get(product.id) ?? 0).toBeCloseTo((deltas.get(product.id) ?? 0) / 1000, 3);
        }
      }
      cases += batch.length;
      refunds += ids.length - batch.length;
    }),
    { seed: SEED, numRuns: Math.max(1, Math.ceil(RUNS / BATCH)), endOnFailure: true },
  );
  console.info(`[AGREE-1] ${String(cases)} sales and ${String(refunds)} refunds: all applied, all equal`);
  expect(cases).toBeGreaterThanOrEqual(RUNS);
}, 600_000);
