// Refunding a sale paid on a card reader back to its card through Stripe (issue 20, [CARD-22]): online only,
// the refund's own id as Stripe's idempotency key (a retry refunds once), recorded only after Stripe refunded,
// with the Stripe refund id as the tender's reference; a refusal or offline says so, keeps what was typed and
// offers cash or another terminal.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { err, ok } from '../../../domain/result';
import type { CardRefunds } from '../../../data/remote/card-refunds';
import { RecentSales } from '../history/recent-sales';
import { CROISSANT, RULES } from '../register-test-deps';
import { historyWorld, TERMINAL } from '../history/sale-history-test-deps';

afterEach(cleanup);

const INTENT = 'pi_3Tillpoint0000000001';

/** Stripe as the till sees it through the function: scripted refusals, then refunds numbered re_1, re_2… */
function fakeCardRefunds(script: ReturnType<typeof err>[] = []) {
  const calls: Parameters<CardRefunds['refund']>[0][] = [];
  const done = new Map<string, string>();
  const cardRefunds: CardRefunds = {
    refund(args) {
      calls.push(args);
      const scripted = script.shift();
      if (scripted) return Promise.resolve(scripted);
      // Idempotent as Stripe is: the same refund id is the same Stripe refund.
      const id = done.get(args.refundId) ?? `re_${String(done.size + 1)}`;
      done.set(args.refundId, id);
      return Promise.resolve(ok({ stripeRefundId: id, amount: args.amount }));
    },
  };
  return { cardRefunds, calls, done };
}

async function readerSale(script: ReturnType<typeof err>[] = []) {
  const fake = fakeCardRefunds(script);
  const world = await historyWorld({ cardRefunds: fake.cardRefunds });
  const sale = await world.sell([[CROISSANT, 3]], [{ method: 'card', amount: 750, reference: INTENT }]);
  render(<RecentSales history={world.history} terminal={TERMINAL} rules={RULES} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^T1-000001/ }));
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  await user.type(await screen.findByLabelText('Refund quantity of Croissant'), '2');
  return { ...world, ...fake, sale, user };
}

async function refundRows(world: Awaited<ReturnType<typeof readerSale>>) {
  const refunds = (await world.ledger.sales.toArray()).filter((row) => row.kind === 'refund');
  const payments = await world.ledger.payments
    .where('sale_id')
    .anyOf(refunds.map((row) => row.id))
    .toArray();
  return { refunds, payments };
}

describe('refunds back to the card', { timeout: 20_000 }, () => {
  test('[CARD-22] a reader sale goes back to its card by default: Stripe first, then the refund with re_…', async () => {
    const world = await readerSale();
    expect(screen.getByRole('radio', { name: 'Back to the card (Stripe)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card on another terminal' })).not.toBeChecked();
    expect(screen.queryByLabelText('Refund reference')).not.toBeInTheDocument();
    await world.user.click(screen.getByRole('button', { name: 'Refund to the card' }));

    expect(await screen.findByRole('article', { name: 'Refund T1-000002' })).toBeInTheDocument();
    const { refunds, payments } = await refundRows(world);
    expect(world.calls).toEqual([{ intentIds: [INTENT], amount: 500, refundId: refunds[0]?.id }]);
    expect(payments).toEqual([expect.objectContaining({ method: 'card', amount: 500, reference: 're_1' })]);
    const ops = await world.ledger.outbox.orderBy('seq').toArray();
    expect(ops[1]?.args).toMatchObject({ id: refunds[0]?.id, payments: [{ reference: 're_1' }] });
  });

  test('[CARD-22] Stripe refuses: said plainly, nothing recorded, quantities kept, and cash still works', async () => {
    const world = await readerSale([
      err('insufficient_role', 'Only a manager or the owner can send money back to a card.'),
    ]);
    await world.user.click(screen.getByRole('button', { name: 'Refund to the card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only a manager or the owner can send money back to a card.',
    );
    expect((await refundRows(world)).refunds).toEqual([]);
    expect(await world.ledger.outbox.count()).toBe(1);
    expect(screen.getByLabelText('Refund quantity of Croissant')).toHaveValue('2');

    await world.user.click(screen.getByRole('button', { name: 'Refund in cash instead' }));
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked();
    await world.user.click(screen.getByRole('button', { name: 'Complete refund' }));
    expect(await screen.findByRole('article', { name: 'Refund T1-000002' })).toBeInTheDocument();
    expect(world.calls).toHaveLength(1);
    expect((await refundRows(world)).payments).toEqual([
      expect.objectContaining({ method: 'cash', amount: 500 }),
    ]);
  });

  test('[CARD-22] a lost answer retried is the same refund: one Stripe refund, one refund recorded', async () => {
    // The first try reached Stripe but its answer was lost on the way back.
    const world = await readerSale();
    const lost = world.cardRefunds.refund.bind(world.cardRefunds);
    let first = true;
    world.cardRefunds.refund = async (args) => {
      const answer = await lost(args);
      if (!first) return answer;
      first = false;
      return err('unreachable', 'The till is offline, so the money cannot go back to the card now.');
    };
    await world.user.click(screen.getByRole('button', { name: 'Refund to the card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The till is offline');
    await world.user.click(screen.getByRole('button', { name: 'Refund to the card' }));
    expect(await screen.findByRole('article', { name: 'Refund T1-000002' })).toBeInTheDocument();

    expect(world.calls).toHaveLength(2);
    expect(world.calls[0]?.refundId).toBe(world.calls[1]?.refundId);
    expect(world.done.size).toBe(1);
    const { refunds, payments } = await refundRows(world);
    expect(refunds.map((row) => row.id)).toEqual([world.calls[0]?.refundId]);
    expect(payments).toEqual([expect.objectContaining({ reference: 're_1' })]);
  });

  test('[CARD-22] offline: says so before anything is sent, and another terminal takes the refund', async () => {
    const world = await readerSale();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This till is offline, so the money cannot go back to the card now.',
      );
      expect(screen.getByRole('button', { name: 'Refund to the card' })).toBeDisabled();
      await world.user.click(screen.getByRole('button', { name: 'Card on another terminal instead' }));
      await world.user.type(screen.getByLabelText('Refund reference'), 'AUTH-77');
      await world.user.click(screen.getByRole('button', { name: 'Complete refund' }));
      expect(await screen.findByRole('article', { name: 'Refund T1-000002' })).toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
    expect(world.calls).toEqual([]);
    expect((await refundRows(world)).payments).toEqual([
      expect.objectContaining({ method: 'card', amount: 500, reference: 'AUTH-77' }),
    ]);
  });

  test('[CARD-22] a card sale typed from another terminal refunds as before, without Stripe', async () => {
    const fake = fakeCardRefunds();
    const world = await historyWorld({ cardRefunds: fake.cardRefunds });
    await world.sell([[CROISSANT, 1]], [{ method: 'card', amount: 250, reference: 'A1' }]);
    render(<RecentSales history={world.history} terminal={TERMINAL} rules={RULES} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^T1-000001/ }));
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Back to the card (Stripe)' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Refund quantity of Croissant'), '1');
    await user.click(screen.getByRole('button', { name: 'Complete refund' }));
    expect(await screen.findByRole('article', { name: 'Refund T1-000002' })).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });
});
