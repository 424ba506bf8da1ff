// P11 in the page (issue 36): the promotions engine per cart change, at 200 active promotions and a cart
// growing to 50 lines and back, against the floor of what every cart change already costs (priceCart of the
// same cart). Two catalogues: a shop's (promotions over 300 products and 20 categories, most lines on offer)
// and a stress case where all 200 promotions name the same 5 products, so every deal competes for every unit.
// The promotions and carts are drawn from a fixed seed, so every run measures the same work.
import { priceCart, type Cart, type CartLine } from '../../../src/domain/cart';
import { applyPromotions } from '../../../src/domain/promotions/apply-promotions';
import { indexPromotions } from '../../../src/domain/promotions/promotion-index';
import type {
  ItemSet,
  PromoContext,
  PromoLine,
  Promotion,
  PromotionRule,
} from '../../../src/domain/promotions/promotion-types';

export interface PromotionRun {
  /** One sample per cart change (a line added or taken off), with 45 to 50 lines in the cart. */
  engineMs: number[];
  floorMs: number[];
  /** Promotions applied to the full cart, to show the deals met the lines. */
  applied: number;
  saved: number;
}

/** mulberry32: a small seeded generator, so the bench's promotions are the same in every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Catalogue {
  products: number;
  categories: number;
  /** One promotion in this many is a basket deal. */
  basketEvery: number;
}

const SHOP: Catalogue = { products: 300, categories: 20, basketEvery: 20 };
const STRESS: Catalogue = { products: 5, categories: 2, basketEvery: 3 };

function drawPromotions(catalogue: Catalogue, random: () => number): Promotion[] {
  const pick = (n: number) => Math.floor(random() * n);
  const items = (): ItemSet => ({
    productIds: Array.from({ length: 1 + pick(3) }, () => `p${pick(catalogue.products)}`),
    categoryIds: random() < 0.3 ? [`c${pick(catalogue.categories)}`] : [],
  });
  const rule = (index: number): PromotionRule => {
    if (index % catalogue.basketEvery === 0) {
      return { kind: 'basket_threshold', minSpend: 2000 + pick(5000), off: { kind: 'percent', rate: 500 } };
    }
    switch (pick(6)) {
      case 0:
        return { kind: 'percent_off', items: items(), rate: 500 + pick(3000) };
      case 1:
        return { kind: 'amount_off', items: items(), amount: 10 + pick(100) };
      case 2:
        return {
          kind: 'buy_x_get_y',
          buy: items(),
          buyQuantity: 1 + pick(2),
          get: random() < 0.5 ? null : items(),
          getQuantity: 1,
          getRate: 10_000,
          repeat: true,
        };
      case 3:
        return { kind: 'mix_match', items: items(), quantity: 3, price: 300 + pick(500), repeat: true };
      case 4:
        return {
          kind: 'bundle_price',
          components: [
            { items: items(), quantity: 1 },
            { items: items(), quantity: 1 },
          ],
          price: 200 + pick(400),
          repeat: true,
        };
      default:
        return { kind: 'fixed_price', items: items(), unitPrice: 50 + pick(300) };
    }
  };
  return Array.from({ length: 200 }, (_, index) => ({
    id: `promo-${String(index).padStart(3, '0')}`,
    priority: pick(4),
    combinable: random() < 0.5,
    startsAt: null,
    endsAt: null,
    slots: [],
    storeIds: [],
    customersOnly: false,
    couponOnly: false,
    rule: rule(index),
  }));
}

function drawLines(catalogue: Catalogue, random: () => number): CartLine[] {
  const pick = (n: number) => Math.floor(random() * n);
  return Array.from({ length: 50 }, (_, index) => {
    const weighed = random() < 0.1;
    return {
      lineId: `line-${index}`,
      productId: `p${pick(catalogue.products)}`,
      name: `Product ${index}`,
      sku: null,
      unitPrice: 50 + pick(900),
      taxRate: 1000,
      weighed,
      quantity: weighed ? 100 + pick(1500) : 1000 * (1 + pick(3)),
    };
  });
}

function promoLine(line: CartLine, index: number, categories: number): PromoLine {
  return {
    lineId: line.lineId,
    productId: line.productId,
    categoryId: `c${index % categories}`,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    weighed: line.weighed,
    manualDiscount: false,
  };
}

const CALLS = 5;
/** priceCart takes a few microseconds: enough calls that the coarse clock sees them. */
const FLOOR_CALLS = 100;

const CONTEXT: PromoContext = {
  at: '2026-11-27T17:30:00Z',
  timeZone: 'Europe/Madrid',
  storeId: 'store',
  customerAttached: true,
  coupons: [],
  manualCartDiscount: false,
  removedPromotionIds: [],
};

/** Timed cart changes: lines added one by one to 50, then taken off the end to 45; only 45–50 lines count. */
export function promotionsPerChange(stress: boolean, rounds: number): PromotionRun {
  const catalogue = stress ? STRESS : SHOP;
  const random = seeded(stress ? 1136 : 36);
  const index = indexPromotions(drawPromotions(catalogue, random));
  const lines = drawLines(catalogue, random);
  const promo = lines.map((line, at) => promoLine(line, at, catalogue.categories));
  const rules = { currency: 'EUR', taxMode: 'inclusive', cashRounding: 1 } as const;
  const engineMs: number[] = [];
  const floorMs: number[] = [];
  const sizes = [...Array.from({ length: 50 }, (_, i) => i + 1), 49, 48, 47, 46, 45];
  for (let round = 0; round < rounds; round++) {
    for (const size of sizes) {
      const cart: Cart = { lines: lines.slice(0, size) };
      const promoLines = promo.slice(0, size);
      // Each sample is the mean of a few calls: the page's clock is coarsened to 0.1 ms.
      let started = performance.now();
      for (let call = 0; call < CALLS; call++) applyPromotions(promoLines, index, CONTEXT);
      const engine = (performance.now() - started) / CALLS;
      started = performance.now();
      for (let call = 0; call < FLOOR_CALLS; call++) priceCart(cart, rules);
      const floor = (performance.now() - started) / FLOOR_CALLS;
      // The first round warms the JIT; the small carts are not what the budget is about.
      if (round > 0 && size >= 45) {
        engineMs.push(engine);
        floorMs.push(floor);
      }
    }
  }
  const full = applyPromotions(promo, index, CONTEXT);
  return { engineMs, floorMs, applied: full.applied.length, saved: full.totalSaved };
}
