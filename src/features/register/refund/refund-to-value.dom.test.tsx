// [VAL-15]…[VAL-17] Refunds onto customer value at the register: 'Store credit' when the sale has a customer
// or one is attached to the refund, back onto the gift card a sale was paid with, the points the sale earned
// taken back, and a sold gift card refunded only up to what it still holds.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { customerAccountId, md5Uuid } from '../../../domain/value/account-id';
import { RecentSales } from '../history/recent-sales';
import { COMPANY, CROISSANT, person, RULES } from '../register-test-deps';
import { historyWorld, TERMINAL } from '../history/sale-history-test-deps';

afterEach(cleanup);

const ALICE = 'd4700000-0000-4000-8000-000000000001';

async function openRefund(receiptNo: string) {
  const user = person();
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${receiptNo}`) }));
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  return user;
}

describe('refunds onto customer value', { timeout: 30_000 }, () => {
  test('[VAL-15] [VAL-T31] a sale with a customer refunds to store credit: the op, and the entry on her store credit', async () => {
    const { ledger, history, sell } = await historyWorld();
    const sale = await sell([[CROISSANT, 3]], [{ method: 'cash', amount: 750 }]);
    await ledger.sales.update(sale.saleId, { customer_id: ALICE });
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');
    await user.click(await screen.findByRole('radio', { name: 'Store credit' }));
    expect(screen.queryByLabelText('Refund reference')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Refund quantity of Croissant'), '2');
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));

    const receipt = await screen.findByRole('article', { name: 'Refund T1-000002' });
    expect(within(receipt).getByText('Store credit')).toBeInTheDocument();
    const ops = await ledger.outbox.orderBy('seq').toArray();
    const args = ops[1]?.args;
    expect(args).toMatchObject({ total: 500, payments: [{ method: 'store_credit', amount: 500 }] });
    // The server takes the original sale's customer: the till sends none it did not attach.
    expect(args).not.toHaveProperty('customer_id');
    const credit = await customerAccountId(ALICE, 'store_credit');
    const entries = await ledger.valueEntries.toArray();
    expect(entries).toEqual([
      expect.objectContaining({
        account_id: credit,
        kind: 'refund',
        delta: 500,
        tender_method: 'store_credit',
        company_id: COMPANY,
        op_id: ops[1]?.op_id,
        sync: 'pending',
        settled: 0,
      }),
    ]);
    const payments = await ledger.payments.where('sale_id').equals(String(args?.id)).toArray();
    expect(payments[0]).toMatchObject({ method: 'store_credit', account_id: credit });
  });

  test('[VAL-15] [VAL-T31] a sale without a customer: store credit waits for a customer attached to the refund, who is sent', async () => {
    const { ledger, mirror, history, sell } = await historyWorld({ customers: true });
    await mirror.customers.put({
      id: ALICE,
      company_id: COMPANY,
      name: 'Alice Martin',
      email: null,
      phone: null,
    });
    await sell([[CROISSANT, 2]], [{ method: 'card', amount: 500 }]);
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');
    await user.click(await screen.findByRole('radio', { name: 'Store credit' }));
    await user.click(screen.getByRole('button', { name: 'All Croissant' }));
    expect(
      screen.getByText('Whose store credit? Attach the customer the refund goes to.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete refund' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    await user.type(await screen.findByLabelText('Find a customer'), 'Alice');
    await user.click(await screen.findByRole('button', { name: 'Alice Martin' }));
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));

    await screen.findByRole('article', { name: 'Refund T1-000002' });
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops[1]?.args).toMatchObject({
      customer_id: ALICE,
      payments: [{ method: 'store_credit', amount: 500 }],
    });
    const [entry] = await ledger.valueEntries.toArray();
    expect(entry).toMatchObject({ account_id: await customerAccountId(ALICE, 'store_credit'), delta: 500 });
  });

  test('[VAL-17] [VAL-T31] refunding a sale that earned points sends the till’s points taken back and writes the unearn entry', async () => {
    const { ledger, history, sell } = await historyWorld();
    const sale = await sell([[CROISSANT, 4]], [{ method: 'cash', amount: 1000 }]);
    await ledger.sales.update(sale.saleId, { customer_id: ALICE, loyalty: { earned: 10 } });
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');
    await user.type(await screen.findByLabelText('Refund quantity of Croissant'), '1');
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    await screen.findByRole('article', { name: 'Refund T1-000002' });

    const ops = await ledger.outbox.orderBy('seq').toArray();
    const refundId = String(ops[1]?.args.id);
    // floor(10 × 250 ÷ 1000) − 0 = 2
    expect(ops[1]?.args).toMatchObject({ loyalty: { unearned: 2 } });
    expect(await ledger.valueEntries.toArray()).toEqual([
      expect.objectContaining({
        id: await md5Uuid(`${refundId}:unearn`),
        account_id: await customerAccountId(ALICE, 'loyalty'),
        kind: 'unearn',
        delta: -2,
      }),
    ]);
    expect(await ledger.sales.get(refundId)).toMatchObject({ loyalty: { unearned: 2 } });
  });

  test('[VAL-15] [VAL-T31] a sale paid with a gift card refunds back onto that card', async () => {
    const { ledger, history, sell } = await historyWorld();
    const sale = await sell([[CROISSANT, 2]], [{ method: 'cash', amount: 500 }]);
    const [payment] = await ledger.payments.where('sale_id').equals(sale.saleId).toArray();
    await ledger.payments.update(payment?.id ?? '', {
      method: 'gift_card',
      tendered: null,
      change: null,
      account_id: 'e6000000-0000-4000-8000-000000000001',
      code_last4: '0001',
    });
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');
    await user.click(await screen.findByRole('radio', { name: 'Back to the gift card ••••0001' }));
    await user.click(screen.getByRole('button', { name: 'All Croissant' }));
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    await screen.findByRole('article', { name: 'Refund T1-000002' });
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops[1]?.args).toMatchObject({
      payments: [{ method: 'gift_card', amount: 500, account_id: 'e6000000-0000-4000-8000-000000000001' }],
    });
    expect(await ledger.valueEntries.toArray()).toEqual([
      expect.objectContaining({
        account_id: 'e6000000-0000-4000-8000-000000000001',
        kind: 'refund',
        delta: 500,
      }),
    ]);
  });

  test('[VAL-15] [VAL-T31] a sale charged to the customer’s account refunds back onto it by default', async () => {
    const { ledger, history, sell } = await historyWorld();
    const sale = await sell([[CROISSANT, 2]], [{ method: 'cash', amount: 500 }]);
    await ledger.sales.update(sale.saleId, { customer_id: ALICE });
    const [payment] = await ledger.payments.where('sale_id').equals(sale.saleId).toArray();
    await ledger.payments.update(payment?.id ?? '', { method: 'on_account', tendered: null, change: null });
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');
    expect(await screen.findByRole('radio', { name: 'On account' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'All Croissant' }));
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    await screen.findByRole('article', { name: 'Refund T1-000002' });
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops[1]?.args).toMatchObject({ payments: [{ method: 'on_account', amount: 500 }] });
    expect(await ledger.valueEntries.toArray()).toEqual([
      expect.objectContaining({
        account_id: await customerAccountId(ALICE, 'on_account'),
        kind: 'refund',
        delta: 500,
      }),
    ]);
  });

  test('[VAL-15] [VAL-T31] the card is found from the tender’s own entry when the payment row does not name it', async () => {
    const { ledger, history, sell } = await historyWorld();
    const sale = await sell([[CROISSANT, 2]], [{ method: 'cash', amount: 500 }]);
    const [payment] = await ledger.payments.where('sale_id').equals(sale.saleId).toArray();
    const card = 'e6000000-0000-4000-8000-000000000003';
    await ledger.payments.update(payment?.id ?? '', { method: 'gift_card', tendered: null, change: null });
    const entry = {
      company_id: COMPANY,
      account_id: card,
      terminal_id: TERMINAL.id,
      shift_id: null,
      occurred_at: '2026-11-21T09:00:00Z',
      op_id: 'op-x',
      sync: 'synced' as const,
      error: null,
      txid: null,
      settled: 1 as const,
    };
    await ledger.valueEntries.bulkAdd([
      {
        ...entry,
        id: 'e7000000-0000-4000-8000-000000000009',
        kind: 'issue',
        delta: 2500,
        tender_method: null,
        code_last4: 'K7QZ',
      },
      { ...entry, id: payment?.id ?? '', kind: 'redeem', delta: -500, tender_method: 'gift_card' },
    ]);
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');
    await user.click(await screen.findByRole('radio', { name: 'Back to the gift card ••••K7QZ' }));
    await user.click(screen.getByRole('button', { name: 'All Croissant' }));
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    await screen.findByRole('article', { name: 'Refund T1-000002' });
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops[1]?.args).toMatchObject({
      payments: [{ method: 'gift_card', amount: 500, account_id: card }],
    });
  });

  test('[VAL-16] [VAL-T31] a gift card sold is refunded only up to what it still holds; in full it takes its value back', async () => {
    const { ledger, mirror, history, sell } = await historyWorld();
    const sale = await sell([[CROISSANT, 1]], [{ method: 'cash', amount: 250 }]);
    const card = 'e6000000-0000-4000-8000-000000000002';
    const [line] = await ledger.saleLines.where('sale_id').equals(sale.saleId).toArray();
    await ledger.saleLines.update(line?.id ?? '', { gift_card: { account_id: card, code_last4: 'WXYZ' } });
    // The card was pulled holding 2.50 and 1.00 was spent on this till since.
    await mirror.valueBalances.put({ id: card, company_id: COMPANY, account_id: card, balance: 250 });
    await ledger.valueEntries.add({
      id: 'e7000000-0000-4000-8000-000000000001',
      company_id: COMPANY,
      account_id: card,
      kind: 'redeem',
      delta: -100,
      terminal_id: TERMINAL.id,
      shift_id: null,
      tender_method: 'gift_card',
      occurred_at: '2026-11-21T09:20:00Z',
      op_id: 'op-x',
      sync: 'pending',
      error: null,
      txid: null,
      settled: 0,
    });
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');
    await user.click(await screen.findByRole('button', { name: 'All Croissant' }));
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    expect(
      await screen.findByText(
        'This gift card has only €1.50 left: the rest was spent, so it cannot be refunded in full.',
      ),
    ).toBeInTheDocument();
    expect((await ledger.outbox.toArray()).map((op) => op.name)).toEqual(['sale.record']);

    // Once the spend is taken back (the card holds its 2.50 again), the refund takes the card's value back.
    await ledger.valueEntries.delete('e7000000-0000-4000-8000-000000000001');
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    await screen.findByRole('article', { name: 'Refund T1-000002' });
    const refundLine = (await ledger.saleLines.toArray()).find((row) => row.refund_of_line_id === line?.id);
    expect(await ledger.valueEntries.toArray()).toEqual([
      expect.objectContaining({ id: refundLine?.id, account_id: card, kind: 'unissue', delta: -250 }),
    ]);
  });
});
