// Refunds of a sale paid on a reader go back to its card (issue 20, [CARD-22], [CARD-8]): the till's
// cardRefundsOf (src/data/remote/card-refunds.ts) finds the sale's card payment by its PaymentIntent, asks
// the real card-payments function to refund part of it through the stack's fake Stripe with the refund's id,
// and the refund op then carries the Stripe refund id. Partial, then the remainder, then one too many.
import { beforeAll, describe, expect, test } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { cardRefundsOf } from '../../src/data/remote/card-refunds';
import { invokeCard, localStripe, sentEvents } from '../support/card-payments';
import { applyOps, op, refundOp, saleArgs, type Op } from '../support/ops';
import { createShop, registerTerminal, type Shop, type Terminal } from '../support/shop';

interface Payment {
  id: string;
  amount: number;
  payment_intent_id: string;
  status: string;
  refunded_amount: number;
}

let shop: Shop;
let till: Terminal;
let sale: ReturnType<typeof saleArgs>;
let intent: string;

beforeAll(async () => {
  shop = await createShop();
  till = await registerTerminal(shop.owner, shop.storeId, 'Refund till');
  const registered = await invokeCard<{ reader: { id: string; stripe_reader_id: string } }>(shop.manager, {
    action: 'register_reader',
    terminal_id: till.id,
    registration_code: 'simulated-s700',
    label: 'Refund reader',
  });
  const product = shop.products[0];
  if (!product) throw new Error('no product');
  sale = saleArgs({ terminal: till, lines: [{ product, quantity: 3 }] });
  const started = await invokeCard<{ payment: Payment }>(shop.cashier, {
    action: 'start_payment',
    terminal_id: till.id,
    sale_id: sale.id,
    amount: sale.total,
    currency: 'EUR',
  });
  await localStripe().testHelpers.terminal.readers.presentPaymentMethod(
    registered.data.reader.stripe_reader_id,
    { type: 'card_present', card_present: { number: '4242424242424242' } },
  );
  intent = started.data.payment.payment_intent_id;
  const tender = { id: uuidv7(), method: 'card', amount: sale.total, reference: intent };
  const [answer] = await applyOps(shop.cashier.client, [op('sale.record', { ...sale, payments: [tender] })]);
  expect(answer?.status).toBe('applied');
});

async function cardPayment(): Promise<Payment> {
  const { data } = await shop.manager.client
    .from('card_payments')
    .select('*')
    .eq('payment_intent_id', intent)
    .single<Payment>();
  if (!data) throw new Error('no card payment');
  return data;
}

/** The refund op the till records once Stripe refunded: its tender is the card, reference the `re_…`. */
function toCard(refund: Op, stripeRefundId: string): Op {
  const args = refund.args as { payments: { amount: number }[] };
  const [cash] = args.payments;
  return {
    ...refund,
    args: {
      ...refund.args,
      payments: [{ id: uuidv7(), method: 'card', amount: cash?.amount, reference: stripeRefundId }],
    },
  };
}

describe('[CARD-22] a reader sale refunded to its card', () => {
  test('part, then the rest, then a refusal: each Stripe refund once, each refund op carrying it', async () => {
    const refunds = cardRefundsOf(shop.manager.client);
    const first = refundOp(till, sale, [{ line: 0, quantity: 1 }]);
    const firstArgs = first.args as { id: string; total: number };
    const partial = await refunds.refund({
      intentIds: [intent],
      amount: firstArgs.total,
      refundId: firstArgs.id,
    });
    if (!partial.ok) throw new Error(partial.error.message);
    expect(partial.value.stripeRefundId).toMatch(/^re_/);
    // The answer was lost and the till tries again: the same refund id is the same Stripe refund.
    const again = await refunds.refund({
      intentIds: [intent],
      amount: firstArgs.total,
      refundId: firstArgs.id,
    });
    expect(again).toEqual(partial);
    expect(await cardPayment()).toMatchObject({ status: 'succeeded', refunded_amount: firstArgs.total });
    const [recorded] = await applyOps(shop.manager.client, [toCard(first, partial.value.stripeRefundId)]);
    expect(recorded?.status).toBe('applied');

    const rest = refundOp(till, sale, [{ line: 0, quantity: 2 }]);
    const restArgs = rest.args as { id: string; total: number };
    expect(firstArgs.total + restArgs.total).toBe(sale.total);
    const remainder = await refunds.refund({
      intentIds: [intent],
      amount: restArgs.total,
      refundId: restArgs.id,
    });
    if (!remainder.ok) throw new Error(remainder.error.message);
    expect(remainder.value.stripeRefundId).not.toBe(partial.value.stripeRefundId);
    const [recordedRest] = await applyOps(shop.manager.client, [
      toCard(rest, remainder.value.stripeRefundId),
    ]);
    expect(recordedRest?.status).toBe('applied');
    expect(await cardPayment()).toMatchObject({ refunded_amount: sale.total });
    // Stripe refunded twice, not three times: the retry was the first refund again.
    const refundEvents = (await sentEvents()).filter(
      ({ event }) =>
        event.type === 'charge.refunded' &&
        (event.data.object as { payment_intent?: string }).payment_intent === intent,
    );
    expect(
      refundEvents
        .map(({ event }) => (event.data.object as { amount_refunded: number }).amount_refunded)
        .sort((a, b) => a - b),
    ).toEqual([firstArgs.total, sale.total]);

    const tooMuch = await refunds.refund({ intentIds: [intent], amount: 1, refundId: uuidv7() });
    expect(tooMuch).toMatchObject({ ok: false, error: { code: 'refund_exceeds_payment' } });
    expect(await cardPayment()).toMatchObject({ refunded_amount: sale.total });
  });

  test('a cashier’s session is told a manager must do it; another shop finds no payment to refund', async () => {
    const cashier = await cardRefundsOf(shop.cashier.client).refund({
      intentIds: [intent],
      amount: 1,
      refundId: uuidv7(),
    });
    expect(cashier).toMatchObject({ ok: false, error: { code: 'insufficient_role' } });
    expect(cashier.ok ? '' : cashier.error.message).toMatch(
      /^Only a manager or the owner can send money back/,
    );

    const other = await createShop();
    const stranger = await cardRefundsOf(other.owner.client).refund({
      intentIds: [intent],
      amount: 1,
      refundId: uuidv7(),
    });
    expect(stranger).toMatchObject({ ok: false, error: { code: 'not_refundable' } });
  });
});
