// Test wiring for the promotions screen's dom tests: a mirror on fake-indexeddb with the products screen's
// small catalogue (two categories, two stores), a fake promotion book over a list it keeps (recording its
// writes, answering a save with what `nextSave` says), a pinned random source and a download spy.
import { vi } from 'vitest';
import { MirrorDb } from '../../../data/local/mirror-db';
import type { MemberRole } from '../../../data/remote/memberships';
import type { CouponRow, PromotionRow } from '../../../data/remote/promotion-rows';
import type { PromotionBook, PromotionSave } from '../../../data/remote/promotion-writes';
import { drawCodes } from '../../../domain/promotions/coupon-codes';
import { ok } from '../../../domain/result';
import { BAKERY, COMPANY, CROISSANT, DRINKS, STORE, TEA } from '../products-test-deps';
import type { PromotionsDeps } from './promotions-deps';

export const SECOND_STORE = 'f2000000-0000-4000-8000-000000000002';

export interface FakeBook extends PromotionBook {
  calls: unknown[][];
  rows: PromotionRow[];
  couponRows: CouponRow[];
  /** What the next save answers; null: it succeeds. */
  nextSave: PromotionSave | null;
}

export function fakeBook(promotions: PromotionRow[] = [], coupons: CouponRow[] = []): FakeBook {
  const calls: unknown[][] = [];
  const book: FakeBook = {
    calls,
    rows: [...promotions],
    couponRows: [...coupons],
    nextSave: null,
    list: () => Promise.resolve(ok([...book.rows])),
    save: (companyId, id, fields) => {
      calls.push(['save', companyId, id, fields]);
      return Promise.resolve(book.nextSave ?? { ok: true as const, id: id ?? 'new-id' });
    },
    setStatus: (id, status) => {
      calls.push(['setStatus', id, status]);
      return Promise.resolve(ok(undefined));
    },
    coupons: () => Promise.resolve(ok([...book.couponRows])),
    addCoupon: (...args: unknown[]) => {
      calls.push(['addCoupon', ...args]);
      return Promise.resolve(ok(undefined));
    },
    setCouponActive: (...args: unknown[]) => {
      calls.push(['setCouponActive', ...args]);
      return Promise.resolve(ok(undefined));
    },
    addCouponBatch: (companyId, promotionId, batch, random) => {
      calls.push(['addCouponBatch', companyId, promotionId, batch]);
      return Promise.resolve(ok(drawCodes(random, batch.count, batch.prefix)));
    },
  };
  return book;
}

/** A counter's bytes: 0, 1, 2, … so draws differ and tests are repeatable. */
export function countingRandom() {
  let next = 0;
  return (bytes: Uint8Array<ArrayBuffer>) => {
    for (let at = 0; at < bytes.length; at++) bytes[at] = (next++ * 7) & 255;
    return bytes;
  };
}

export async function promotionsWorld(
  options: { role?: MemberRole; promotions?: PromotionRow[]; coupons?: CouponRow[] } = {},
) {
  const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
  await mirror.companies.put({ id: COMPANY, name: 'Test shop', currency: 'EUR' });
  await mirror.stores.bulkPut([
    { id: STORE, company_id: COMPANY, name: 'Main' },
    { id: SECOND_STORE, company_id: COMPANY, name: 'Harbour' },
  ]);
  await mirror.categories.bulkPut([
    { id: BAKERY, company_id: COMPANY, name: 'Bakery' },
    { id: DRINKS, company_id: COMPANY, name: 'Drinks' },
  ]);
  await mirror.products.bulkPut([CROISSANT, TEA]);
  const book = fakeBook(options.promotions, options.coupons);
  const download = vi.fn();
  const report = vi.fn(() => Promise.resolve(ok([])));
  const deps: PromotionsDeps = {
    mirror,
    companyId: COMPANY,
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    role: options.role ?? 'manager',
    book,
    report,
    random: countingRandom(),
    download,
  };
  return { deps, book, download, report, mirror };
}
