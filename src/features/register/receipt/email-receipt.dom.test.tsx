// 'Email receipt' offers the attached customer's address first, and an online till says it is sending.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../domain/result';
import type { Live } from '../../../ui/use-live-query';
import type { CustomerBook, ReceiptMail } from '../register-deps';
import { EmailReceipt } from './email-receipt';

afterEach(cleanup);

const notSentYet: Live<null> = {
  subscribe: (observer) => {
    observer.next(null);
    return { unsubscribe: () => undefined };
  },
};

test('[RCPT-15] the field is filled with the attached customer’s email; online, the note says it is sending', async () => {
  const customers: CustomerBook = {
    search: () => Promise.resolve([]),
    get: (id) => Promise.resolve({ id, name: 'Ann Lee', phone: null, email: 'ann@example.test' }),
    create: () => Promise.reject(new Error('not here')),
  };
  const queue = vi.fn<ReceiptMail['queue']>().mockResolvedValue(ok({ id: 'mail-1' }));
  const mail: ReceiptMail = { queue, watch: () => notSentYet, online: () => true };
  render(<EmailReceipt mail={mail} saleId="sale-1" customerId="customer-1" customers={customers} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Email receipt' }));
  expect(await screen.findByDisplayValue('ann@example.test')).toBe(
    screen.getByRole('textbox', { name: 'Email' }),
  );
  // [FIT-4] The app's own field (a finger tall), not an unstyled native input.
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveClass('field__input');
  await user.click(screen.getByRole('button', { name: 'Send receipt' }));
  expect(queue).toHaveBeenCalledWith('sale-1', 'ann@example.test');
  expect(await screen.findByText('Queued: sending to ann@example.test…')).toBeInTheDocument();
});
