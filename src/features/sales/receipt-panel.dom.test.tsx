// A sale's digital receipt in the back office (supabase/SPEC.md §14): 'Email receipt' refuses a bad address in
// words before asking the server, says when the mail went and, when it did not, says why and keeps the address;
// 'Revoke receipt link' revokes the live link and says so ([RCPT-14], [RCPT-16]).
import { i18n } from '@lingui/core';
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import {
  ReceiptActionError,
  type ReceiptActions,
  type ReceiptLinkRow,
} from '../../data/remote/receipt-links';
import { BAD_EMAIL, receiptLinkUrl } from '../../domain/receipt-link';
import ReceiptPanel from './receipt-panel';

afterEach(cleanup);

const SALE = 'a0000000-0000-4000-8000-000000000001';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

function fakeActions(links: ReceiptLinkRow[] = [{ token: TOKEN, revoked_at: null }]) {
  const rows = [...links];
  return {
    links: vi.fn<ReceiptActions['links']>(() => Promise.resolve(rows)),
    revoke: vi.fn<ReceiptActions['revoke']>(() => {
      rows.forEach((row, index) => {
        rows[index] = { ...row, revoked_at: '2026-11-26T10:00:00Z' };
      });
      return Promise.resolve(links.length);
    }),
    email: vi.fn<ReceiptActions['email']>(() => Promise.resolve('sent')),
  };
}

function show(actions: ReceiptActions, { canRevoke = true, customerEmail = null as string | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReceiptPanel actions={actions} saleId={SALE} canRevoke={canRevoke} customerEmail={customerEmail} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), field: () => screen.getByRole('textbox', { name: 'Email address' }) };
}

test('[RCPT-15] a malformed address is refused in words, and nothing is sent', async () => {
  const actions = fakeActions();
  const { user, field } = show(actions);
  await user.type(field(), 'ann@example');
  await user.click(screen.getByRole('button', { name: 'Email receipt' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(i18n._(BAD_EMAIL));
  expect(actions.email).not.toHaveBeenCalled();
  expect(field()).toHaveValue('ann@example');
});

test('[RCPT-16] a sent receipt says where it went, once per press, with a fresh request id', async () => {
  const actions = fakeActions();
  const { user, field } = show(actions, { customerEmail: 'ann@example.test' });
  // The attached customer's address is offered first.
  expect(field()).toHaveValue('ann@example.test');
  await user.clear(field());
  await user.type(field(), '  bob@example.test ');
  await user.click(screen.getByRole('button', { name: 'Email receipt' }));
  expect(await screen.findByText('The receipt was sent to bob@example.test.')).toBeInTheDocument();
  expect(actions.email).toHaveBeenCalledOnce();
  expect(actions.email).toHaveBeenCalledWith({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    saleId: SALE,
    email: 'bob@example.test',
  });
});

test('[RCPT-16] a failed send says why in words and keeps the address to try again', async () => {
  const actions = fakeActions();
  actions.email.mockRejectedValueOnce(
    new ReceiptActionError('unknown_sale', 'This sale is not on the server yet: sync the till first.'),
  );
  const { user, field } = show(actions);
  await user.type(field(), 'ann@example.test');
  await user.click(screen.getByRole('button', { name: 'Email receipt' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This sale is not on the server yet: sync the till first.',
  );
  expect(screen.queryByText(/was sent/)).not.toBeInTheDocument();
  expect(field()).toHaveValue('ann@example.test');
  // Pressed again, it goes.
  await user.click(screen.getByRole('button', { name: 'Email receipt' }));
  expect(await screen.findByText('The receipt was sent to ann@example.test.')).toBeInTheDocument();
  expect(actions.email).toHaveBeenCalledTimes(2);
});

test('[RCPT-14] a manager sees the live link and revokes it; the panel then says it was revoked', async () => {
  const actions = fakeActions();
  const { user } = show(actions, { canRevoke: true });
  expect(await screen.findByTestId('sale-receipt-link')).toHaveAttribute(
    'href',
    receiptLinkUrl(location.origin, TOKEN),
  );
  await user.click(screen.getByRole('button', { name: 'Revoke receipt link' }));
  expect(actions.revoke).toHaveBeenCalledWith(SALE);
  expect(
    await screen.findByText('The receipt link was revoked: it now says the receipt is not available.'),
  ).toBeInTheDocument();
  expect(await screen.findByText('The receipt link was revoked.')).toBeInTheDocument();
  expect(screen.queryByTestId('sale-receipt-link')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Revoke receipt link' })).not.toBeInTheDocument();
});

test('[RCPT-14] a refused revoke is said in words, and the link stays', async () => {
  const actions = fakeActions();
  actions.revoke.mockRejectedValueOnce(
    new ReceiptActionError('insufficient_role', 'Only a manager or the owner can do this.'),
  );
  const { user } = show(actions, { canRevoke: true });
  await user.click(await screen.findByRole('button', { name: 'Revoke receipt link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Only a manager or the owner can do this.');
  expect(screen.getByTestId('sale-receipt-link')).toBeInTheDocument();
});

test('[RCPT-14] without the right to revoke, the link shows and no revoke is offered', async () => {
  const actions = fakeActions();
  show(actions, { canRevoke: false });
  expect(await screen.findByTestId('sale-receipt-link')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Revoke receipt link' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Email receipt' })).toBeInTheDocument();
});
