// The receipt after a sale and "Recent sales" on the register screen: the receipt is read back from the
// ledger and drops "Unsynced" when the sale syncs; 'Print' prints; "Recent sales" (button or F6) lists
// this till's sales, reprints one and refunds it.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatWhen } from '../../../lib/format-when';
import { ShopTimeZone } from '../../../ui/when';
import { RegisterScreen } from '../register-screen';
import { COMPANY, registerWorld, withFakeLayout } from '../register-test-deps';
import { answerSaleOp } from '../../../../tests/support/ledger-fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
withFakeLayout();

async function sellCroissantForCash(
  role: 'manager' | 'cashier' = 'manager',
  shopSettings: Record<string, string> = {},
) {
  const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 250 }, role });
  await world.mirror.companies.put({ id: COMPANY, name: 'Corner Bakery', ...shopSettings });
  render(
    <ShopTimeZone zone="Asia/Tokyo">
      <RegisterScreen deps={world.deps} />
    </ShopTimeZone>,
  );
  await screen.findByText(/The cart is empty/);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Croissant/ }));
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  await user.click(screen.getByRole('button', { name: 'Cash' }));
  await user.click(screen.getByRole('button', { name: 'Complete sale' }));
  await screen.findByRole('heading', { name: 'Receipt T1-000001' });
  return { ...world, user };
}

// Whole sales and refunds through the screen take seconds on a busy shared machine.
describe('register receipt', { timeout: 20_000 }, () => {
  test('[WORDS-1] the receipt after a sale shows the shop; "Unsynced" stands beside the slip, not on it, and goes once the sale syncs; Print prints', async () => {
    const { ledger, user } = await sellCroissantForCash();
    const receipt = screen.getByRole('article', { name: 'Receipt T1-000001' });
    const screenPart = screen.getByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByText('Corner Bakery')).toBeInTheDocument();
    expect(within(screenPart).getByText('Unsynced')).toHaveClass('no-print');
    expect(within(receipt).queryByText('Unsynced')).not.toBeInTheDocument();
    // The test shop's prices include tax: the tax summary says it is included.
    const taxTable = within(receipt).getByRole('table', { name: 'Tax summary' });
    expect(within(taxTable).getByRole('columnheader', { name: 'Tax (incl.)' })).toBeInTheDocument();
    const [sale] = await ledger.sales.toArray();
    // When, in the shop's time zone and the app's one format.
    expect(within(receipt).getByText(formatWhen(sale?.occurred_at ?? '', 'Asia/Tokyo'))).toBeInTheDocument();
    await answerSaleOp(ledger, sale?.id ?? '');
    await waitFor(() => {
      expect(within(screenPart).queryByText('Unsynced')).not.toBeInTheDocument();
    });

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    window.dispatchEvent(new Event('afterprint'));

    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();
  });

  test('the shop’s header, address and tax number print at the top of the receipt, its footer at the end', async () => {
    await sellCroissantForCash('manager', {
      receipt_header: 'Fresh every morning',
      address: '1 High Street',
      tax_number: 'DE123456789',
      receipt_footer: 'Returns within 30 days',
    });
    const receipt = screen.getByRole('article', { name: 'Receipt T1-000001' });
    const head = within(receipt).getByText('Corner Bakery').closest('header');
    expect(head).not.toBeNull();
    const top = within(head ?? receipt);
    expect(top.getByText('Fresh every morning')).toBeInTheDocument();
    expect(top.getByText('1 High Street')).toBeInTheDocument();
    expect(top.getByText('Tax number: DE123456789')).toBeInTheDocument();
    const footer = within(receipt).getByText('Returns within 30 days');
    expect(receipt.lastElementChild).toBe(footer);
  });

  test('Recent sales: reprint a sale and refund it from the register', async () => {
    const { ledger, user } = await sellCroissantForCash();
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    await user.click(screen.getByRole('button', { name: 'Recent sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recent sales' });
    await user.click(await within(dialog).findByRole('button', { name: /^T1-000001/ }));
    expect(await within(dialog).findByRole('article', { name: 'Receipt T1-000001' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await user.click(await within(dialog).findByRole('button', { name: 'All Croissant' }));
    expect(within(dialog).getByRole('radio', { name: 'Cash' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Complete refund' }));
    expect(await within(dialog).findByRole('article', { name: 'Refund T1-000002' })).toBeInTheDocument();
    expect((await ledger.outbox.toArray()).map((op) => op.name).sort()).toEqual([
      'sale.record',
      'sale.refund',
    ]);
  });

  test('a cashier can reprint but is told refunds need a manager', async () => {
    const { user } = await sellCroissantForCash('cashier');
    await user.click(screen.getByRole('button', { name: 'Recent sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recent sales' });
    await user.click(await within(dialog).findByRole('button', { name: /^T1-000001/ }));
    expect(
      await within(dialog).findByText('Refunds need a manager or owner signed in on this till.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  test('[RCPT-15] Email receipt refuses a bad address before queueing, then queues the mail offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { ledger, user } = await sellCroissantForCash('cashier');
    await user.click(screen.getByRole('button', { name: 'Email receipt' }));
    const field = screen.getByRole('textbox', { name: 'Email' });
    // Typed at scanner speed the register would take it for a scan: the address is pasted, as a cashier may.
    fireEvent.change(field, { target: { value: 'ann at example' } });
    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    expect(await screen.findByText('That is not an email address.')).toBeInTheDocument();
    expect(await ledger.receiptEmails.count()).toBe(0);
    expect((await ledger.outbox.toArray()).map((op) => op.name)).toEqual(['sale.record']);

    fireEvent.change(field, { target: { value: 'ann@example.test' } });
    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    expect(await screen.findByText('Queued: sent when this till is online.')).toBeInTheDocument();
    expect(screen.queryByText('That is not an email address.')).not.toBeInTheDocument();
    const [sale] = await ledger.sales.toArray();
    const [row] = await ledger.receiptEmails.toArray();
    expect(row).toMatchObject({ sale_id: sale?.id, email: 'ann@example.test', sent_at: null });
    const mailOp = (await ledger.outbox.toArray()).find((op) => op.name === 'receipt.email');
    expect(mailOp?.args).toMatchObject({ id: row?.id, sale_id: sale?.id, email: 'ann@example.test' });

    // The sync's receipt mailer marks it sent: the note follows.
    await ledger.receiptEmails.update(row?.id ?? '', { sent_at: '2026-11-21T09:20:00Z', email: null });
    expect(await screen.findByText('Sent to ann@example.test')).toBeInTheDocument();
  });

  test('F6 opens Recent sales, and the ? overlay lists it', async () => {
    const world = await registerWorld();
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    const user = userEvent.setup();
    await user.keyboard('{F6}');
    const dialog = await screen.findByRole('dialog', { name: 'Recent sales' });
    expect(await within(dialog).findByText('No sales on this till yet.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveTextContent(
      'Recent sales',
    );
  });
});
