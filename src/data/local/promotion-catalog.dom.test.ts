// The register's copy of the shop's promotions and coupons, read from the mirror as pulls store them.
import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { LedgerDb } from './ledger-db';
import { MirrorDb } from './mirror-db';
import { loadPromotionCatalog, pendingCouponUses } from './promotion-catalog';

const COMPANY = 'co-1';
const rule = { kind: 'percent_off', items: null, rate: 1000 };
const row = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  company_id: COMPANY,
  name: `Deal ${id}`,
  status: 'active',
  priority: 100,
  combinable: true,
  starts_at: null,
  ends_at: null,
  slots: [],
  store_ids: [],
  customers_only: false,
  coupon_only: false,
  rule,
  deleted_at: null,
  ...extra,
});

test('[PROMO-T5] the catalogue indexes active, readable promotions of the shop; coupons by code', async () => {
  const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
  await mirror.promotions.bulkPut([
    row('p-1'),
    row('p-paused', { status: 'paused' }),
    row('p-broken', { rule: { kind: 'percent_off', rate: 'lots' } }),
    row('p-other', { company_id: 'co-2' }),
  ]);
  await mirror.coupons.put({
    id: 'c-1',
    company_id: COMPANY,
    promotion_id: 'p-1',
    code: 'WELCOME10',
    max_uses: null,
    uses: 3,
    expires_at: null,
    active: true,
    deleted_at: null,
  });
  const catalog = await loadPromotionCatalog(mirror, COMPANY);
  expect(catalog.count).toBe(1);
  expect([...catalog.index.byId.keys()]).toEqual(['p-1']);
  expect(catalog.isLive('p-paused')).toBe(false);
  expect(catalog.names.get('p-1')).toBe('Deal p-1');
  expect(catalog.byCode.get('WELCOME10')).toMatchObject({ promotion_id: 'p-1', uses: 3 });
});

test('[PROMO-T6] a coupon used on this till by a sale not yet sent counts as a use', async () => {
  const ledger = new LedgerDb(`ledger-${crypto.randomUUID()}`);
  const op = (name: string, args: Record<string, unknown>, seq: number) => ({
    op_id: crypto.randomUUID(),
    terminal_id: null,
    seq,
    name,
    args,
    created_at: '2026-11-30T10:00:00.000Z',
    state: 'pending' as const,
    attempts: 0,
    last_error: null,
    company_id: COMPANY,
    entity: null,
    held_by: null,
    held_until: null,
  });
  await ledger.outbox.bulkAdd([
    op('sale.record', { coupons: ['ONCE-1'] }, 1),
    op('sale.record', { coupons: ['OTHER'] }, 2),
    op('sale.record', {}, 3),
    op('customer.upsert', { coupons: ['ONCE-1'] }, 4),
  ]);
  expect(await pendingCouponUses(ledger, COMPANY, 'ONCE-1')).toBe(1);
  expect(await pendingCouponUses(ledger, COMPANY, 'NONE')).toBe(0);
});
