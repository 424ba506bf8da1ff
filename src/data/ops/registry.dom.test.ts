import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { pinnedIds } from '../../domain/ids';
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
import { unsyncedOps } from '../local/outbox';
import { takeAccountPayment } from './account-payment';
import { recordActivity } from './activity-record';
import { moveCash } from './cash-move';
import { upsertCustomer } from './customer-upsert';
import { OP_NAMES, opTitle } from './registry';
import { recordSale } from './sale-record';
import { recordRefund } from './sale-refund';
import { closeShift } from './shift-close';
import { openShift } from './shift-open';
import { moveStock } from './stock-move';
import { adjustValue } from './value-adjust';

/**
 * The op names apply_ops dispatches on, replaying the migrations in order: a `case` over op names
 * (before [OPS-2]'s table) replaces the list; private.op_handlers starts it again when it is created
 * and each row inserted into it adds one name.
 */
function serverOpNames(): string[] {
  // Vitest runs from the repository's root; migrations sort by their timestamped names.
  const migrations = readdirSync('supabase/migrations')
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readFileSync(`supabase/migrations/${file}`, 'utf8'));
  let names: string[] = [];
  for (const sql of migrations) {
    const caseNames = namesMatching(sql, /when '([a-z_]+\.[a-z_]+)' then private\.op_/g);
    if (caseNames.length > 0) names = caseNames;
    if (sql.includes('create table private.op_handlers')) names = [];
    names = [...names, ...namesMatching(sql, /\('([a-z_]+\.[a-z_]+)', 'private\.op_[a-z_]+\(/g)];
  }
  return names;
}

function namesMatching(sql: string, pattern: RegExp): string[] {
  return [...sql.matchAll(pattern)].map((match) => match[1] ?? '');
}

describe('the operation registry', () => {
  test('[OUT-3] the till knows exactly the ops the server applies, in the same order', () => {
    expect(OP_NAMES).toEqual(serverOpNames());
  });

  test('[OUT-3] each op queued by its command is named as a person would say it', async () => {
    const ledger = freshLedger();
    const ids = pinnedIds();
    const deps = testDeps(ledger, ids);
    await addTerminal(ledger);
    const sale = await recordSale(deps, {
      companyId: COMPANY_A,
      build: oneLineSale(ids),
      tracksStock: () => true,
    });
    if (!sale.ok) throw new Error(sale.error.message);
    const [line] = await ledger.saleLines.toArray();
    await recordRefund(deps, {
      companyId: COMPANY_A,
      originalLines: new Map(),
      tracksStock: () => false,
      build: oneLineRefund(ids, sale.value.sale.id, line?.id ?? ''),
    });
    await upsertCustomer(deps, { args: { company_id: COMPANY_A, name: 'Ada Lovelace' }, current: null });
    await moveStock(deps, {
      companyId: COMPANY_A,
      args: {
        id: ids(),
        store_id: STORE,
        product_id: PRODUCT,
        occurred_at: '2026-11-21T10:00:00Z',
        reason: 'waste',
        quantity: 1,
      },
    });
    const shift = await openShift(deps, { companyId: COMPANY_A, openingFloat: 100, cashierId: null });
    if (!shift.ok) throw new Error(shift.error.message);
    await moveCash(deps, { shiftId: shift.value.id, kind: 'pay_in', amount: 500, reason: null });
    await moveCash(deps, { shiftId: shift.value.id, kind: 'pay_out', amount: 200, reason: 'Milk' });
    await closeShift(deps, { shiftId: shift.value.id, countedCash: 400, note: null });
    await recordActivity(deps, {
      companyId: COMPANY_A,
      id: ids(),
      kind: 'lock',
      detail: {},
      stamp: { cashier_id: null },
    });
    await takeAccountPayment(deps, {
      companyId: COMPANY_A,
      customerId: ids(),
      accountId: ids(),
      amount: 1000,
      method: 'card',
    });
    await adjustValue(deps, {
      companyId: COMPANY_A,
      accountId: ids(),
      action: 'block',
      reason: 'Card lost',
      terminalId: null,
    });

    const titles = (await unsyncedOps(ledger)).map(opTitle);
    expect(titles).toEqual([
      'Sale T7-000001',
      'Refund T7-000002',
      'Customer Ada Lovelace',
      'Stock written off',
      'Shift opened',
      'Cash paid in',
      'Cash paid out',
      'Shift closed',
      'Till locked',
      'Account payment T7-000003',
      'Card or account blocked',
    ]);
  });

  test('[OUT-3] an op another version of the app stored is still named, never a crash', () => {
    expect(opTitle({ name: 'sale.record', args: { receipt_no: 42 } })).toBe('Sale');
    expect(opTitle({ name: 'customer.upsert', args: {} })).toBe('Customer details');
    expect(opTitle({ name: 'gift_card.issue', args: {} })).toBe('Operation');
  });
});
