import { describe, expect, test } from 'vitest';
import { Dexie } from 'dexie';
import { pinnedIds } from '../../domain/ids';
import { err } from '../../domain/result';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  oneLineRefund,
  oneLineSale,
  PRODUCT,
  STORE,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { LEDGER_SCHEMA_V1, LedgerDb } from '../local/ledger-db';
import { recordRefund } from './sale-refund';
import { recordSale } from './sale-record';

describe('sale commands', () => {
  test('[OUT-1] a sale, its lines, tenders, stock delta, receipt number and outbox op land together', async () => {
    const ledger = freshLedger();
    const terminal = await addTerminal(ledger);
    const ids = pinnedIds();
    const result = await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      build: oneLineSale(ids, 2),
      tracksStock: () => true,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.sale.receipt_no).toBe('T7-000001');
    expect((await ledger.terminals.get(COMPANY_A))?.receipt_counter).toBe(1);
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({ name: 'sale.record', seq: 1, state: 'pending', terminal_id: terminal.id });
    expect(op?.args).toMatchObject({ receipt_no: 'T7-000001', total: 500 });
    expect(await ledger.saleLines.count()).toBe(1);
    expect(await ledger.payments.count()).toBe(1);
    const [move] = await ledger.stockMovements.toArray();
    expect(move).toMatchObject({
      store_id: STORE,
      product_id: PRODUCT,
      delta: -2000,
      settled: 0,
      op_id: op?.op_id,
    });
  });

  test('[OUT-1] a refused sale writes nothing and does not use up a receipt number', async () => {
    const ledger = freshLedger();
    await addTerminal(ledger);
    const deps = testDeps(ledger);
    const refused = await recordSale(deps, {
      companyId: COMPANY_A,
      build: () => err('not_covered', 'The payments do not cover the total yet.'),
      tracksStock: () => true,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_covered' } });
    const malformed = await recordSale(deps, {
      companyId: COMPANY_A,
      build: (receiptNo, terminal) => {
        const built = oneLineSale(pinnedIds())(receiptNo, terminal);
        return built.ok ? { ok: true, value: { ...built.value, lines: [] } } : built;
      },
      tracksStock: () => true,
    });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    expect(await ledger.outbox.count()).toBe(0);
    expect(await ledger.sales.count()).toBe(0);
    expect((await ledger.terminals.get(COMPANY_A))?.receipt_counter).toBe(0);
  });

  test('[CMD-4] a sale that does not add up is refused at the counter, before it is queued', async () => {
    const ledger = freshLedger();
    await addTerminal(ledger);
    const deps = testDeps(ledger);
    const rules = { taxMode: 'inclusive' as const, cashRounding: 0 };
    const wrongTax = await recordSale(deps, {
      companyId: COMPANY_A,
      rules,
      build: (receiptNo, terminal) => {
        const built = oneLineSale(pinnedIds())(receiptNo, terminal);
        if (!built.ok) return built;
        const [line] = built.value.lines;
        if (!line) return built;
        return { ok: true, value: { ...built.value, lines: [{ ...line, tax: line.tax + 1 }] } };
      },
      tracksStock: () => true,
    });
    expect(wrongTax).toMatchObject({ ok: false, error: { code: 'tax_mismatch' } });
    if (!wrongTax.ok)
      expect(wrongTax.error.message).toMatch(/^This sale does not add up, so it was not recorded/);
    expect(await ledger.outbox.count()).toBe(0);
    expect(await ledger.sales.count()).toBe(0);
    const right = await recordSale(deps, {
      companyId: COMPANY_A,
      rules,
      build: oneLineSale(pinnedIds()),
      tracksStock: () => true,
    });
    expect(right.ok).toBe(true);
  });

  test('[OUT-1] without a registered terminal there is no sale', async () => {
    const ledger = freshLedger();
    const ids = pinnedIds();
    const result = await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      build: oneLineSale(ids),
      tracksStock: () => true,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'no_terminal' } });
  });

  test('[OUT-2] ops take increasing seq and receipts increasing numbers, open items move no stock', async () => {
    const ledger = freshLedger();
    await addTerminal(ledger);
    const ids = pinnedIds();
    for (let i = 0; i < 3; i++) {
      await recordSale(testDeps(ledger, ids), {
        companyId: COMPANY_A,
        build: oneLineSale(ids, 1, null),
        tracksStock: () => true,
      });
    }
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => op.seq)).toEqual([1, 2, 3]);
    expect(ops.map((op) => op.args.receipt_no)).toEqual(['T7-000001', 'T7-000002', 'T7-000003']);
    expect(await ledger.stockMovements.count()).toBe(0);
  });

  test('[OUT-1] a refund records its lines from the original and restocks tracked products', async () => {
    const ledger = freshLedger();
    await addTerminal(ledger);
    const ids = pinnedIds();
    const sale = await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      build: oneLineSale(ids, 2),
      tracksStock: () => true,
    });
    if (!sale.ok) throw new Error(sale.error.message);
    const line = await ledger.saleLines.where('sale_id').equals(sale.value.sale.id).first();
    const refund = await recordRefund(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      originalLines: new Map([
        [
          line?.id ?? '',
          { product_id: PRODUCT, sku: null, name: 'Croissant', unit_price: 250, tax_rate_bp: 2000 },
        ],
      ]),
      tracksStock: () => true,
      build: oneLineRefund(ids, sale.value.sale.id, line?.id ?? ''),
    });
    if (!refund.ok) throw new Error(refund.error.message);
    expect(refund.value.sale).toMatchObject({ kind: 'refund', receipt_no: 'T7-000002', sync: 'pending' });
    const deltas = await ledger.stockMovements.orderBy('id').toArray();
    expect(deltas.map((row) => row.delta).sort()).toEqual([-2000, 1000].sort());
  });

  test('[CMD-4] a refund whose sums do not add up is refused before it is queued', async () => {
    const ledger = freshLedger();
    await addTerminal(ledger);
    const ids = pinnedIds();
    const sale = await recordSale(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      build: oneLineSale(ids, 2),
      tracksStock: () => true,
    });
    if (!sale.ok) throw new Error(sale.error.message);
    const line = await ledger.saleLines.where('sale_id').equals(sale.value.sale.id).first();
    const refund = await recordRefund(testDeps(ledger, ids), {
      companyId: COMPANY_A,
      cashRounding: 1,
      originalLines: new Map([
        [
          line?.id ?? '',
          { product_id: PRODUCT, sku: null, name: 'Croissant', unit_price: 250, tax_rate_bp: 2000 },
        ],
      ]),
      tracksStock: () => true,
      build: oneLineRefund(ids, sale.value.sale.id, line?.id ?? '', 240),
    });
    expect(refund).toMatchObject({ ok: false, error: { code: 'payments_mismatch' } });
    expect(await ledger.outbox.count()).toBe(1);
    expect(await ledger.sales.count()).toBe(1);
  });

  test('[LEDGER-1] a version 1 ledger upgrades in place and keeps its rows', async () => {
    const name = `ledger-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores(LEDGER_SCHEMA_V1);
    await old
      .table('stockMovements')
      .add({ id: 'm1', store_id: STORE, product_id: PRODUCT, delta: -1000, op_id: 'o1' });
    await old
      .table('outbox')
      .add({ op_id: 'o1', seq: 1, state: 'pending', company_id: COMPANY_A, entity: null });
    old.close();
    const ledger = new LedgerDb(name);
    expect(await ledger.stockMovements.get('m1')).toMatchObject({ settled: 0, txid: null, delta: -1000 });
    expect(await ledger.outbox.count()).toBe(1);
    expect(ledger.verno).toBe(7);
  });
});
