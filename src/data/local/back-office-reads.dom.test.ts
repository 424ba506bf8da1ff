import { describe, expect, test } from 'vitest';
import {
  addTerminal,
  COMPANY_A,
  COMPANY_B,
  freshLedger,
  oneLineSale,
  PRODUCT,
  STORE,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { ok } from '../../domain/result';
import {
  deviceCustomers,
  deviceSales,
  deviceSalesOfCustomer,
  deviceStockMovements,
} from './back-office-reads';
import { moveStock } from '../ops/stock-move';
import { upsertCustomer } from '../ops/customer-upsert';
import { recordSale } from '../ops/sale-record';

describe('back-office reads of the ledger', () => {
  test("stock movements of one company, newest first, with their op's note and terminal", async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    const terminal = await addTerminal(ledger);
    const sold = await recordSale(deps, {
      companyId: COMPANY_A,
      build: oneLineSale(deps.ids),
      tracksStock: () => true,
    });
    if (!sold.ok) throw new Error(sold.error.message);
    await moveStock(deps, {
      companyId: COMPANY_A,
      args: {
        id: deps.ids(),
        store_id: STORE,
        product_id: PRODUCT,
        reason: 'receive',
        quantity: 5,
        occurred_at: '2026-11-21T10:00:00Z',
        note: 'Ref 1',
        terminal_id: null,
      },
    });
    await moveStock(deps, {
      companyId: COMPANY_B,
      args: {
        id: deps.ids(),
        store_id: STORE,
        product_id: PRODUCT,
        reason: 'adjust',
        delta: 1,
        occurred_at: '2026-11-21T11:00:00Z',
      },
    });
    const rows = await deviceStockMovements(ledger, COMPANY_A);
    expect(rows.map((row) => [row.reason, row.delta, row.note, row.terminal_id])).toEqual([
      ['receive', 5000, 'Ref 1', null],
      ['sale', -1000, null, terminal.id],
    ]);
    // Once its op is answered and gone from the outbox, the movement stays, without its note.
    await ledger.outbox.clear();
    expect((await deviceStockMovements(ledger, COMPANY_A)).map((row) => row.note)).toEqual([null, null]);
  });

  test("customers and sales of one company; a customer's sales newest first", async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    await addTerminal(ledger);
    const ann = await upsertCustomer(deps, { args: { company_id: COMPANY_A, name: 'Ann' }, current: null });
    await upsertCustomer(deps, { args: { company_id: COMPANY_B, name: 'Bob' }, current: null });
    if (!ann.ok) throw new Error(ann.error.message);
    expect((await deviceCustomers(ledger, COMPANY_A)).map((row) => row.name)).toEqual(['Ann']);
    const build = oneLineSale(deps.ids);
    const withCustomer = (at: string) => (receiptNo: string, terminal: Parameters<typeof build>[1]) => {
      const args = build(receiptNo, terminal);
      if (!args.ok) return args;
      return ok({ ...args.value, customer_id: ann.value.id, occurred_at: at });
    };
    await recordSale(deps, {
      companyId: COMPANY_A,
      build: withCustomer('2026-11-21T08:00:00.000Z'),
      tracksStock: () => true,
    });
    await recordSale(deps, {
      companyId: COMPANY_A,
      build: withCustomer('2026-11-21T09:00:00.000Z'),
      tracksStock: () => true,
    });
    await recordSale(deps, { companyId: COMPANY_A, build: oneLineSale(deps.ids), tracksStock: () => true });
    expect((await deviceSales(ledger, COMPANY_A)).map((sale) => sale.receipt_no)).toEqual([
      'T7-000003',
      'T7-000002',
      'T7-000001',
    ]);
    expect(await deviceSales(ledger, COMPANY_B)).toEqual([]);
    expect((await deviceSalesOfCustomer(ledger, ann.value.id)).map((sale) => sale.receipt_no)).toEqual([
      'T7-000002',
      'T7-000001',
    ]);
  });
});
