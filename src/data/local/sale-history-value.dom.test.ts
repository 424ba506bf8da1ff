// [VAL-35] A receipt read back from the ledger names a gift-card tender by its card's last four even when the
// payment row does not carry them: from the tender's own entry (the payment's id) and the pulled card.
import { expect, test } from 'vitest';
import { COMPANY_A, freshLedger, freshMirror } from '../../../tests/support/ledger-fixtures';
import { saleForReceipt } from './sale-history';

test('[VAL-35] [VAL-T32] a gift-card tender reads its last four from its entry and the pulled card', async () => {
  const ledger = freshLedger();
  const mirror = freshMirror();
  const card = 'e6000000-0000-4000-8000-000000000001';
  await ledger.sales.add({
    id: 's1',
    company_id: COMPANY_A,
    terminal_id: 't1',
    store_id: 'st1',
    kind: 'sale',
    refund_of: null,
    receipt_no: 'T1-000001',
    shift_id: null,
    cashier_id: null,
    customer_id: null,
    occurred_at: '2026-11-21T09:15:00Z',
    subtotal: 500,
    discount_total: 0,
    tax_total: 0,
    rounding: 0,
    total: 500,
    note: null,
    op_id: 'op1',
    sync: 'pending',
    error: null,
  });
  await ledger.payments.bulkAdd([
    {
      id: 'p1',
      sale_id: 's1',
      method: 'gift_card',
      amount: 300,
      tendered: null,
      change: null,
      reference: null,
    },
    { id: 'p2', sale_id: 's1', method: 'cash', amount: 200, tendered: 200, change: 0, reference: null },
  ]);
  await ledger.valueEntries.add({
    id: 'p1',
    company_id: COMPANY_A,
    account_id: card,
    kind: 'redeem',
    delta: -300,
    terminal_id: 't1',
    shift_id: null,
    tender_method: 'gift_card',
    occurred_at: '2026-11-21T09:15:00Z',
    op_id: 'op1',
    sync: 'pending',
    error: null,
    txid: null,
    settled: 0,
  });
  await mirror.valueAccounts.put({
    id: card,
    company_id: COMPANY_A,
    kind: 'gift_card',
    customer_id: null,
    code_hash: 'h',
    code_last4: '0001',
    status: 'active',
    credit_limit: null,
  });
  const record = await saleForReceipt(ledger, mirror, 's1');
  const [gift, cash] = record?.payments ?? [];
  expect(gift).toMatchObject({ id: 'p1', account_id: card, code_last4: '0001' });
  expect(cash?.code_last4).toBeUndefined();
});
