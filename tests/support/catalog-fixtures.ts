// A company's catalogue on a fake server and a fresh mirror that pulls it: the register catalogue snapshot's
// tests ([PULL-S]) compare what a start reads from the snapshot with what it reads from the rows.
import { FakeSyncServer } from './fake-sync-remote';
import { COMPANY_A, freshLedger, freshMirror } from './ledger-fixtures';
import { pullAll } from '../../src/data/sync/pull';
import { productsOnSale } from '../../src/data/local/register-catalog';

/** Product `n` with every column the server sends; `fields` changes some. */
export function product(n: number, fields: Record<string, unknown> = {}) {
  return {
    id: `p-${String(n).padStart(2, '0')}`,
    company_id: COMPANY_A,
    category_id: n % 2 === 0 ? 'cat-1' : null,
    sku: n % 3 === 0 ? `SKU-${n}` : null,
    barcode: `200000000${String(n).padStart(4, '0')}`,
    name: `Crème ${String.fromCharCode(90 - n)} ${n}`,
    price: 100 + n,
    tax_rate_bp: 2000,
    cost: 50,
    unit: 'each',
    track_stock: n % 4 !== 0,
    weighed: n === 5,
    quick_key: n === 7 ? 3 : null,
    active: true,
    created_at: '2026-11-21T08:00:00Z',
    updated_at: '2026-11-21T08:00:00Z',
    deleted_at: null,
    ...fields,
  };
}

/** `count` products of COMPANY_A on a fake server, and a fresh mirror with `pull` (pages of 4) to take them. */
export function pulledCatalog(count = 10) {
  const ledger = freshLedger();
  const mirror = freshMirror();
  const server = new FakeSyncServer();
  server.putMember(COMPANY_A);
  server.put('companies', {
    id: COMPANY_A,
    currency: 'EUR',
    prices_include_tax: true,
    cash_rounding: 1,
    deleted_at: null,
  });
  for (let n = 1; n <= count; n++) server.put('products', product(n));
  const pull = () =>
    pullAll({ ledger, mirror, remote: server.remote(), userId: 'user-a', pageSize: 4, now: () => 0 });
  /** What a start reads from the rows alone, whatever the snapshot holds. */
  const fromRows = async () =>
    productsOnSale(await mirror.products.where('company_id').equals(COMPANY_A).toArray());
  return { ledger, mirror, server, pull, fromRows };
}
