// "Recent sales", reprints and refunds against a real ledger and mirror on fake-indexeddb: sales made with
// the register's own completeSale, read back live (the "Unsynced" mark and the list's state follow the
// ledger), printed at the remembered width, found by receipt number, and refunded through recordRefund
// with what earlier refunds took counted.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECEIPT_WIDTH_KEY } from '../receipt/receipt-print';
import { RecentSales } from './recent-sales';
import { BAGUETTE, CROISSANT, RULES } from '../register-test-deps';
import type { SaleHistory } from './sale-history-deps';
import { historyWorld, TERMINAL } from './sale-history-test-deps';
import { answerSaleOp } from '../../../../tests/support/ledger-fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderRecent(history: SaleHistory) {
  render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} />);
}

// Whole sales and refunds through the screen take seconds on a busy shared machine.
describe('recent sales and reprints', { timeout: 20_000 }, () => {
  test("this till's sales newest first, with their sync state following the ledger", async () => {
    const { ledger, history, sell } = await historyWorld();
    const first = await sell([[CROISSANT, 1]], [{ method: 'cash', amount: 250 }]);
    await sell([[BAGUETTE, 2]], [{ method: 'card', amount: 240 }]);
    renderRecent(history);
    const list = await screen.findByRole('list', { name: 'Sales on this till' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^T1-000002.*€2\.40Pending$/),
      expect.stringMatching(/^T1-000001.*€2\.50Pending$/),
    ]);
    await answerSaleOp(ledger, first.saleId);
    expect(await within(list).findByText('Synced')).toBeInTheDocument();
    await ledger.sales.update(first.saleId, { sync: 'attention' });
    expect(await within(list).findByText('Needs attention')).toBeInTheDocument();
  });

  test('a reprint shows the whole receipt; "Unsynced" goes once the sale syncs; Print at the chosen width', async () => {
    const { ledger, history, sell } = await historyWorld();
    const sale = await sell(
      [
        [CROISSANT, 2],
        [BAGUETTE, 1],
      ],
      [
        { method: 'card', amount: 300, reference: 'A1' },
        { method: 'cash', amount: 500 },
      ],
    );
    renderRecent(history);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^T1-000001/ }));
    const receipt = await screen.findByRole('article', { name: 'Receipt T1-000001' });
    for (const text of ['Corner Bakery', 'High Street · Front counter (T1)', 'Card (A1)']) {
      expect(within(receipt).getByText(text)).toBeInTheDocument();
    }
    // [WORDS-1] Beside the slip, for the cashier; never on it.
    expect(within(receipt).queryByText('Unsynced')).not.toBeInTheDocument();
    expect(screen.getByText('Unsynced')).toHaveClass('no-print');
    expect(within(receipt).getByText('2 × €2.50')).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-total')).toHaveTextContent('€6.20');
    expect(within(receipt).getByTestId('receipt-change')).toHaveTextContent('€1.80');
    expect(within(receipt).getByRole('row', { name: /20%/ })).toHaveTextContent('€5.17€1.03€6.20');

    await answerSaleOp(ledger, sale.saleId);
    await waitFor(() => {
      expect(screen.queryByText('Unsynced')).not.toBeInTheDocument();
    });

    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      expect(document.querySelector('.print-root .slip--58')).not.toBeNull();
      expect(document.body).toHaveClass('printing-receipt');
    });
    await user.click(screen.getByRole('radio', { name: '58 mm' }));
    expect(localStorage.getItem(RECEIPT_WIDTH_KEY)).toBe('58');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    window.dispatchEvent(new Event('afterprint'));
    expect(document.querySelector('.print-root')).toBeNull();
    expect(document.body).not.toHaveClass('printing-receipt');
  });

  test('the paper width is remembered on the device', async () => {
    localStorage.setItem(RECEIPT_WIDTH_KEY, '58');
    const { history, sell } = await historyWorld();
    await sell([[CROISSANT, 1]], [{ method: 'cash', amount: 250 }]);
    renderRecent(history);
    await userEvent.click(await screen.findByRole('button', { name: /^T1-000001/ }));
    expect(await screen.findByRole('radio', { name: '58 mm' })).toBeChecked();
    expect(await screen.findByRole('article')).toHaveClass('slip--58');
  });

  test('found by its receipt number however typed; an unknown one offline says what can be refunded', async () => {
    const { history, sell } = await historyWorld();
    await sell([[CROISSANT, 1]], [{ method: 'cash', amount: 250 }]);
    renderRecent(history);
    const user = userEvent.setup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.type(await screen.findByLabelText('Receipt number'), 'T1-000099{Enter}');
    expect(
      await screen.findByText(/Offline, only sales made on this till can be refunded/),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Receipt number'));
    await user.type(screen.getByLabelText('Receipt number'), 't1-1');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('article', { name: 'Receipt T1-000001' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to recent sales' }));
    expect(await screen.findByLabelText('Receipt number')).toBeInTheDocument();
  });
});
