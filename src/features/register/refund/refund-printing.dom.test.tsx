// [REFUND-T1] A refund just recorded goes to the till's printer as a sale just made does: paid out in cash it
// asks for the drawer kick (and the receipt, if the till prints sales' receipts by itself: the printer's own
// `afterSale` settings), a card refund never kicks; a printer or drawer that is off says so, and the refund
// stays recorded.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecentSales } from '../history/recent-sales';
import { CROISSANT, RULES } from '../register-test-deps';
import { historyWorld, TERMINAL } from '../history/sale-history-test-deps';
import type { RegisterPrinter } from '../register-deps';
import type { PrintOutcome } from '../../../ui/print-job';

afterEach(cleanup);

function fakePrinter(outcome: PrintOutcome = { ok: true }) {
  const printReceipt = vi.fn<RegisterPrinter['printReceipt']>(() => Promise.resolve(outcome));
  const openDrawer = vi.fn<RegisterPrinter['openDrawer']>(() => Promise.resolve(outcome));
  const printer: RegisterPrinter = { isSet: () => true, printReceipt, openDrawer };
  return { printer, printReceipt, openDrawer };
}

async function refundOne(method: 'Cash' | 'Card') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^T1-000001/ }));
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  await user.click(await screen.findByRole('radio', { name: method }));
  await user.type(screen.getByLabelText('Refund quantity of Croissant'), '1');
  if (method === 'Card') await user.type(screen.getByLabelText('Refund reference'), 'R1');
  await user.click(screen.getByRole('button', { name: 'Complete refund' }));
  await screen.findByRole('article', { name: 'Refund T1-000002' });
}

describe('[REFUND-T1] the drawer and the receipt after a refund', { timeout: 20_000 }, () => {
  test('a cash refund kicks the drawer and prints as a cash sale does, once', async () => {
    const { history, sell } = await historyWorld();
    await sell([[CROISSANT, 2]], [{ method: 'card', amount: 500, reference: 'A1' }]);
    const { printer, printReceipt } = fakePrinter();
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} printer={printer} />);
    await refundOne('Cash');
    await vi.waitFor(() => {
      expect(printReceipt).toHaveBeenCalledTimes(1);
    });
    expect(printReceipt.mock.calls[0]?.[0]).toMatchObject({ kind: 'refund', receiptNo: 'T1-000002' });
    expect(printReceipt.mock.calls[0]?.[2]).toEqual({ afterSale: true, cash: true, gesture: false });
    expect(screen.getByText('Refund recorded.')).toBeInTheDocument();
  });

  test('a card refund prints as the till prints a card sale and never kicks the drawer', async () => {
    const { history, sell } = await historyWorld();
    await sell([[CROISSANT, 2]], [{ method: 'cash', amount: 500 }]);
    const { printer, printReceipt, openDrawer } = fakePrinter();
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} printer={printer} />);
    await refundOne('Card');
    await vi.waitFor(() => {
      expect(printReceipt).toHaveBeenCalledTimes(1);
    });
    expect(printReceipt.mock.calls[0]?.[2]).toEqual({ afterSale: true, cash: false, gesture: false });
    expect(openDrawer).not.toHaveBeenCalled();
  });

  test('a printer that is off says so in words; the refund stays recorded', async () => {
    const { ledger, history, sell } = await historyWorld();
    await sell([[CROISSANT, 2]], [{ method: 'cash', amount: 500 }]);
    const { printer } = fakePrinter({ ok: false, message: 'The printer does not answer: is it on?' });
    render(<RecentSales history={history} terminal={TERMINAL} rules={RULES} printer={printer} />);
    await refundOne('Cash');
    expect(
      await screen.findByText('The drawer did not open or the receipt did not print'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /The printer does not answer: is it on\? The refund is recorded: open the drawer with its key/,
      ),
    ).toBeInTheDocument();
    expect(await ledger.sales.filter((sale) => sale.kind === 'refund').count()).toBe(1);
  });
});
