// Refunding from "Recent sales": lines and quantities capped at what is left (earlier refunds counted), the
// original tender by default, one ledger transaction through recordRefund with a `sale.refund` op, stock
// back on the shelf, and the refund's own receipt.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecentSales } from '../history/recent-sales';
import { BANANAS, CROISSANT, RULES } from '../register-test-deps';
import { historyWorld, TERMINAL } from '../history/sale-history-test-deps';

afterEach(cleanup);

async function openRefund(receiptNo: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${receiptNo}`) }));
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  return user;
}

// Whole sales and refunds through the screen take seconds on a busy shared machine.
describe('refunds', { timeout: 20_000 }, () => {
  test('pick a quantity, paid back by the original card; recorded in one transaction with its op', async () => {
    const { ledger, history, sell } = await historyWorld();
    const sale = await sell([[CROISSANT, 3]], [{ method: 'card', amount: 750, reference: 'A1' }]);
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');

    expect(await screen.findByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.getByText('(sold 3, 3 left)')).toBeInTheDocument();
    const quantity = screen.getByLabelText('Refund quantity of Croissant');
    await user.type(quantity, '4');
    expect(screen.getByText('Only 3 of Croissant can still be refunded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete refund' })).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(screen.getByTestId('refund-due')).toHaveTextContent('€5.00');
    await user.type(screen.getByLabelText('Reason'), 'Stale');
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));

    const receipt = await screen.findByRole('article', { name: 'Refund T1-000002' });
    expect(within(receipt).getByText('Refund of T1-000001')).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-total')).toHaveTextContent('€5.00');
    expect(within(receipt).queryByText('Unsynced')).not.toBeInTheDocument();
    expect(screen.getByText('Unsynced')).toHaveClass('no-print');
    const refund = (await ledger.sales.toArray()).find((row) => row.kind === 'refund');
    expect(refund).toMatchObject({ refund_of: sale.saleId, total: 500, receipt_no: 'T1-000002' });
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => op.name)).toEqual(['sale.record', 'sale.refund']);
    expect(ops[1]?.args).toMatchObject({ reason: 'Stale', restock: true, total: 500 });
    expect(
      await ledger.payments
        .where('sale_id')
        .equals(refund?.id ?? '')
        .toArray(),
    ).toEqual([expect.objectContaining({ method: 'card', amount: 500 })]);
    const moves = await ledger.stockMovements.toArray();
    expect(moves.map((move) => [move.reason, move.delta])).toEqual(
      expect.arrayContaining([
        ['sale', -3000],
        ['refund', 2000],
      ]),
    );
  });

  test('[REFUND-2] a second refund of the same sale can take only what is left', async () => {
    const { ledger, history, sell } = await historyWorld();
    await sell(
      [
        [CROISSANT, 2],
        [BANANAS, 1.5],
      ],
      [{ method: 'cash', amount: 1000 }],
    );
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    let user = await openRefund('T1-000001');
    expect(await screen.findByRole('radio', { name: 'Cash' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'All Croissant' }));
    await user.type(screen.getByLabelText('Refund quantity of Bananas'), '0.5');
    await user.click(screen.getByRole('checkbox', { name: 'Put the goods back in stock' }));
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    expect(await screen.findByRole('article', { name: 'Refund T1-000002' })).toBeInTheDocument();
    expect(await ledger.stockMovements.filter((move) => move.reason === 'refund').count()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Back to recent sales' }));
    user = await openRefund('T1-000001');
    expect(await screen.findByText('(refunded in full)')).toBeInTheDocument();
    expect(screen.getByLabelText('Refund quantity of Croissant')).toBeDisabled();
    expect(screen.getByText('(sold 1.5, 1 left)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Refund quantity of Bananas'), '1.2');
    expect(screen.getByText('Only 1 of Bananas can still be refunded.')).toBeInTheDocument();
  });

  test('a refund has no Refund button of its own', async () => {
    const { history, sell } = await historyWorld();
    await sell([[CROISSANT, 1]], [{ method: 'card', amount: 250 }]);
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
    const user = await openRefund('T1-000001');
    await user.type(await screen.findByLabelText('Refund quantity of Croissant'), '1');
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    await user.click(await screen.findByRole('button', { name: 'Back to recent sales' }));
    await user.click(await screen.findByRole('button', { name: /^T1-000002/ }));
    expect(await screen.findByRole('article', { name: 'Refund T1-000002' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
