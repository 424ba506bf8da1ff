// The till's side of customer value's two ops (supabase/SPEC.md [VAL-18], [VAL-19]): what each command queues
// and writes to the ledger, and what it refuses before anything reaches the outbox.
import { describe, expect, test } from 'vitest';
import { addTerminal, COMPANY_A, freshLedger, testDeps } from '../../../tests/support/ledger-fixtures';
import { takeAccountPayment } from './account-payment';
import { openShift } from './shift-open';
import { adjustValue } from './value-adjust';

const CUSTOMER = 'd4700000-0000-4000-8000-000000000001';
const ACCOUNT = 'f0a1b2c3-0000-4000-8000-000000000001';
const CARD = 'd4600000-0000-4000-8000-000000000001';

describe('account.payment', () => {
  test('[VAL-18] a cash payment takes the next receipt number, the open shift and works out the change', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    await addTerminal(ledger);
    const shift = await openShift(deps, { companyId: COMPANY_A, openingFloat: 0, cashierId: null });
    if (!shift.ok) throw new Error(shift.error.message);
    const paid = await takeAccountPayment(deps, {
      companyId: COMPANY_A,
      customerId: CUSTOMER,
      accountId: ACCOUNT,
      amount: 4500,
      method: 'cash',
      tendered: 5000,
    });
    if (!paid.ok) throw new Error(paid.error.message);
    expect(paid.value).toMatchObject({
      account_id: ACCOUNT,
      kind: 'payment',
      delta: 4500,
      shift_id: shift.value.id,
      tender_method: 'cash',
      sync: 'pending',
      settled: 0,
    });
    const op = (await ledger.outbox.orderBy('seq').toArray()).at(-1);
    expect(op).toMatchObject({
      name: 'account.payment',
      entity: { table: 'valueEntries', id: paid.value.id },
      args: {
        id: paid.value.id,
        customer_id: CUSTOMER,
        amount: 4500,
        tendered: 5000,
        change: 500,
        receipt_no: 'T7-000001',
        shift_id: shift.value.id,
      },
    });
    expect(await ledger.valueEntries.count()).toBe(1);
  });

  test('[VAL-18] too little cash, or no amount, is refused and nothing is queued', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    await addTerminal(ledger);
    const base = { companyId: COMPANY_A, customerId: CUSTOMER, accountId: ACCOUNT, method: 'cash' as const };
    expect(await takeAccountPayment(deps, { ...base, amount: 4500, tendered: 4000 })).toMatchObject({
      ok: false,
      error: { code: 'change_mismatch' },
    });
    expect(await takeAccountPayment(deps, { ...base, amount: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_args' },
    });
    expect(await ledger.outbox.count()).toBe(0);
    expect(await ledger.valueEntries.count()).toBe(0);
  });
});

describe('value.adjust', () => {
  test('[VAL-19] an adjustment queues its delta and reason and writes the entry; a void writes none', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    const adjusted = await adjustValue(deps, {
      companyId: COMPANY_A,
      accountId: CARD,
      action: 'adjust',
      delta: -250,
      reason: '  Counted the cards ',
      terminalId: null,
    });
    if (!adjusted.ok) throw new Error(adjusted.error.message);
    expect(adjusted.value).toMatchObject({ company_id: COMPANY_A, delta: -250, reason: 'Counted the cards' });
    expect(await ledger.valueEntries.toArray()).toEqual([
      expect.objectContaining({ id: adjusted.value.id, kind: 'adjust', delta: -250, account_id: CARD }),
    ]);
    const voided = await adjustValue(deps, {
      companyId: COMPANY_A,
      accountId: CARD,
      action: 'void',
      reason: 'Stolen',
      terminalId: null,
    });
    expect(voided).toMatchObject({ ok: true, value: { action: 'void' } });
    expect(await ledger.valueEntries.count()).toBe(1);
    expect(await ledger.outbox.count()).toBe(2);
  });

  test('[VAL-19] a reason is required and an adjustment is not zero', async () => {
    const ledger = freshLedger();
    const deps = testDeps(ledger);
    const base = { companyId: COMPANY_A, accountId: CARD, terminalId: null };
    for (const input of [
      { ...base, action: 'adjust' as const, delta: 100, reason: '   ' },
      { ...base, action: 'adjust' as const, delta: 0, reason: 'Why' },
      { ...base, action: 'block' as const, delta: 100, reason: 'Why' },
    ]) {
      expect(await adjustValue(deps, input)).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    }
    expect(await ledger.outbox.count()).toBe(0);
  });
});
