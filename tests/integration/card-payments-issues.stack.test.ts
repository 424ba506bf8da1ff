// The back office's "Card payments to check" against the real function ([CARD-9], [CARD-23]): a manager's
// desk is not a till, so cardIssuesQuery asks list_issues with one of the shop's tills and gets the whole
// shop's issues; refunding an orphan charge with its own id as the refund's refunds once and clears it; a
// cashier and another shop's owner are refused or see nothing of this shop.
import { beforeAll, describe, expect, test } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import { cardIssuesQuery } from '../../src/data/remote/card-issues';
import { CardPaymentError, cardPaymentsClient } from '../../src/data/remote/card-payments';
import { invokeCard, localStripe } from '../support/card-payments';
import { createShop, registerTerminal, type Shop, type Terminal } from '../support/shop';

let shop: Shop;
let stall: Terminal;
let orphanId: string;

beforeAll(async () => {
  shop = await createShop();
  await registerTerminal(shop.owner, shop.storeId, 'Front till');
  // The charge is on the second till; the query asks with the first (by code).
  stall = await registerTerminal(shop.owner, shop.storeId, 'Stall till');
  const registered = await invokeCard<{ reader: { stripe_reader_id: string } }>(shop.manager, {
    action: 'register_reader',
    terminal_id: stall.id,
    registration_code: 'simulated-wpe',
    label: 'Stall reader',
  });
  const started = await invokeCard<{ payment: { id: string } }>(shop.cashier, {
    action: 'start_payment',
    terminal_id: stall.id,
    sale_id: uuidv7(),
    amount: 990,
    currency: 'EUR',
  });
  await localStripe().testHelpers.terminal.readers.presentPaymentMethod(
    registered.data.reader.stripe_reader_id,
    { type: 'card_present', card_present: { number: '4242424242424242' } },
  );
  orphanId = started.data.payment.id;
});

const issuesOf = (person: Shop['manager'], companyId = shop.companyId) =>
  new QueryClient().query(cardIssuesQuery(person.client, companyId, 0));

describe('[CARD-23] card payments to check', () => {
  test('a manager sees the charge no sale arrived for, with its till; refunding it twice refunds once', async () => {
    const before = await issuesOf(shop.manager);
    const orphan = before.issues.find((row) => row.payment.id === orphanId);
    expect(orphan).toMatchObject({ issue: 'unresolved', payment: { amount: 990, terminal_id: stall.id } });
    expect(before.tills.get(stall.id)).toBe('Stall till');

    const manager = cardPaymentsClient(shop.manager.client);
    const first = await manager.refundPayment({ paymentId: orphanId, refundId: orphanId });
    const second = await manager
      .refundPayment({ paymentId: orphanId, refundId: orphanId })
      .catch((error: unknown) => error);
    expect(first.payment.refunded_amount).toBe(990);
    // Nothing is left to refund: the second press is refused before Stripe, and the charge is refunded once.
    expect(second).toMatchObject({ code: 'refund_exceeds_payment' });
    const after = await issuesOf(shop.manager);
    expect(after.issues.find((row) => row.payment.id === orphanId)).toBeUndefined();
  });

  test('a cashier is refused; another shop’s owner sees only their own shop', async () => {
    const cashier = await issuesOf(shop.cashier).catch((error: unknown) => error);
    expect(cashier).toBeInstanceOf(CardPaymentError);
    expect(cashier).toMatchObject({ code: 'insufficient_role', status: 403 });

    const other = await createShop();
    await registerTerminal(other.owner, other.storeId, 'Their till');
    expect((await issuesOf(other.owner)).issues).toEqual([]);
    // Naming this shop's company reads none of its tills (RLS), so nothing of it is asked or shown.
    expect((await issuesOf(other.owner, shop.companyId)).issues).toEqual([]);
  });
});
