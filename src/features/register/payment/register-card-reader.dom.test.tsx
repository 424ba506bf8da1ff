// 'Card' on the till's reader (issue 20; supabase/SPEC.md §12 CARD-10..CARD-13): the amount goes to the
// reader for the cart's sale id, the reader's state is said in a cashier's words, an approved payment is the
// sale's card tender with its PaymentIntent id, and decline, time-out and cancel leave the sale open. Offline,
// with no reader, or when the reader is refused, 'Card' is the external terminal's, as before.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardPaymentError, type CardPayment } from '../../../data/remote/card-payments';
import type { TillCardReader } from '../../../data/local/till-card-reader';
import { RegisterScreen } from '../register-screen';
import type { RegisterCardReader } from '../register-deps';
import { registerWorld, withFakeLayout } from '../register-test-deps';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
withFakeLayout();

const READER: TillCardReader = {
  id: 'r1',
  stripeReaderId: 'tmr_Counter',
  label: 'Counter reader',
  deviceType: 'simulated_wisepos_e',
};
const PI = 'pi_TestApproved0001';

/** A reader whose payment the test moves on by hand; every call is recorded. */
function scriptedReader(known: TillCardReader | null = READER) {
  let payment: CardPayment | null = null;
  const row = (fields: Partial<CardPayment>): CardPayment => ({
    id: 'cp1',
    sale_id: null,
    terminal_id: 't1',
    amount: 0,
    currency: 'EUR',
    payment_intent_id: PI,
    status: 'in_progress',
    failure_code: null,
    failure_message: null,
    refunded_amount: 0,
    payment_id: null,
    created_at: '2026-11-26T10:00:00Z',
    updated_at: '2026-11-26T10:00:00Z',
    ...fields,
  });
  const current = () => {
    if (!payment) throw new Error('no payment started');
    return payment;
  };
  const reader = {
    known: vi.fn(() => known),
    refresh: vi.fn(() => Promise.resolve(known)),
    start: vi.fn((saleId: string, amount: number) => {
      payment = row({ sale_id: saleId, amount });
      return Promise.resolve(payment);
    }),
    get: vi.fn((_paymentId: string, _refresh: boolean) => Promise.resolve(current())),
    cancel: vi.fn((_paymentId: string) => {
      payment = { ...current(), status: 'canceled' as const };
      return Promise.resolve(payment);
    }),
    pollMs: 5,
  } satisfies RegisterCardReader;
  return {
    reader,
    /** The reader's outcome, as the server will answer the next ask. */
    becomes(fields: Partial<CardPayment>) {
      payment = { ...current(), ...fields };
    },
  };
}

async function openWith(reader: RegisterCardReader) {
  const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 250 } });
  render(<RegisterScreen deps={{ ...world.deps, cardReader: reader }} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

async function payForCroissants(user: ReturnType<typeof userEvent.setup>, count = 1) {
  for (let i = 0; i < count; i += 1) await user.click(screen.getByRole('button', { name: /^Croissant/ }));
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

/** Typed fast, a reference starts like a scan: the held keys reach the field once the burst gap has passed. */
async function typeReference(user: ReturnType<typeof userEvent.setup>, reference: string) {
  await user.type(screen.getByLabelText('Card reference'), reference);
  await waitFor(() => {
    expect(screen.getByLabelText('Card reference')).toHaveValue(reference);
  });
}

const waiting = () => screen.findByText('Waiting for the card on Counter reader');

/** A croissant in the cart, 'Card' pressed, the reader waiting for the card. */
async function waitingOnReader(script = scriptedReader()) {
  const world = await openWith(script.reader);
  const user = userEvent.setup();
  await payForCroissants(user);
  await user.click(screen.getByRole('button', { name: 'Card' }));
  await waiting();
  return { script, user, world };
}

describe('Card on the till’s reader', () => {
  test('[CARD-10] the remaining goes to the reader for the cart’s sale id; approved, it is the card tender', async () => {
    const script = scriptedReader();
    const world = await openWith(script.reader);
    const user = userEvent.setup();
    await payForCroissants(user);
    expect(screen.getByText(/Card: on Counter reader/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card reference')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Card' }));
    await waiting();
    const [saleId, amount] = script.reader.start.mock.calls[0] ?? [];
    expect(amount).toBe(250);
    expect((await world.cartStore.openCart())?.saleId).toBe(saleId);
    // [CARD-11] While the reader has it, the sale cannot be completed, cleared or left.
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back to cart' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Cash' })).not.toBeInTheDocument();

    script.becomes({ status: 'succeeded' });
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByTestId('remaining')).toHaveTextContent('€0.00');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    const [sale] = await world.ledger.sales.toArray();
    expect(sale?.id).toBe(saleId);
    expect(await world.ledger.payments.toArray()).toEqual([
      expect.objectContaining({ method: 'card', amount: 250, reference: PI }),
    ]);
  });

  test('[WORDS-2] the receipt of a reader payment names the card, never the PaymentIntent id', async () => {
    const script = scriptedReader();
    const world = await openWith(script.reader);
    const user = userEvent.setup();
    await payForCroissants(user);
    await user.click(screen.getByRole('button', { name: 'Card' }));
    await waiting();
    script.becomes({ status: 'succeeded', card_brand: 'visa', card_last4: '4242' });
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    const receipt = await screen.findByRole('article', { name: 'Receipt T1-000001' });
    expect(await within(receipt).findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(receipt).not.toHaveTextContent(PI);
    // The op still carries the PaymentIntent id, and nothing of the card.
    const [op] = await world.ledger.outbox.toArray();
    expect(JSON.stringify(op?.args)).toContain(PI);
    expect(JSON.stringify(op?.args)).not.toContain('4242');
  });

  test('[CART-7] an approved card payment is stored with the cart: after a reload it is still the sale’s tender', async () => {
    const script = scriptedReader();
    const world = await openWith(script.reader);
    const user = userEvent.setup();
    await payForCroissants(user);
    await user.click(screen.getByRole('button', { name: 'Card' }));
    await waiting();
    script.becomes({ status: 'succeeded' });
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    await waitFor(async () => {
      expect((await world.cartStore.openCart())?.takenTenders).toEqual([
        { method: 'card', amount: 250, reference: PI },
      ]);
    });

    // The page reloads before 'Complete sale': the register opens again on the stored cart.
    cleanup();
    render(<RegisterScreen deps={{ ...world.deps, cardReader: script.reader }} />);
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€0.00');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(await world.ledger.payments.toArray()).toEqual([
      expect.objectContaining({ method: 'card', amount: 250, reference: PI }),
    ]);
    expect(script.reader.start).toHaveBeenCalledTimes(1);
    expect(await world.cartStore.openCart()).toBeUndefined();
  });

  test('[CARD-10] every few asks are made with refresh, for a lost webhook', async () => {
    const { script } = await waitingOnReader();
    await vi.waitFor(() => {
      expect(script.reader.get.mock.calls.length).toBeGreaterThanOrEqual(8);
    });
    const refreshes = script.reader.get.mock.calls.slice(0, 8).map(([, refresh]) => refresh);
    expect(refreshes).toEqual([false, false, false, true, false, false, false, true]);
    script.becomes({ status: 'succeeded' });
    expect(await screen.findByText('Approved')).toBeInTheDocument();
  });

  test('[CARD-12] a decline says why in plain words and leaves the remaining; Card can be tried again', async () => {
    const { script, user } = await waitingOnReader();
    script.becomes({
      status: 'failed',
      failure_code: 'insufficient_funds',
      failure_message: 'Your card has insufficient funds.',
    });
    expect(await screen.findByText('Declined: the card has insufficient funds.')).toBeInTheDocument();
    expect(screen.getByTestId('remaining')).toHaveTextContent('€2.50');
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Card' }));
    await waiting();
    expect(script.reader.start).toHaveBeenCalledTimes(2);
  });

  test('[CARD-12] the reader timing out is said so, and the sale stays open', async () => {
    const { script } = await waitingOnReader();
    script.becomes({ status: 'failed', failure_code: 'terminal_reader_timeout' });
    expect(await screen.findByText(/The reader timed out/)).toBeInTheDocument();
    expect(screen.getByTestId('remaining')).toHaveTextContent('€2.50');
    expect(screen.getByRole('button', { name: 'Back to cart' })).toBeEnabled();
  });

  test('[CARD-11] Cancel stops the reader: nothing charged, the sale stays open', async () => {
    const { script, user } = await waitingOnReader();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Card payment cancelled: nothing was charged.')).toBeInTheDocument();
    expect(script.reader.cancel).toHaveBeenCalledWith('cp1');
    expect(screen.getByTestId('remaining')).toHaveTextContent('€2.50');
  });

  test('[CARD-11] a cancel answered already_succeeded is an approved payment', async () => {
    const script = scriptedReader();
    script.reader.cancel.mockImplementation(() => {
      script.becomes({ status: 'succeeded' });
      return Promise.reject(new CardPaymentError('already_succeeded', 'It went through.', 409));
    });
    const { user, world } = await waitingOnReader(script);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(await world.ledger.payments.toArray()).toEqual([
      expect.objectContaining({ method: 'card', amount: 250, reference: PI }),
    ]);
  });

  test('[CARD-10] split tender: cash first, then the rest on the reader', async () => {
    const script = scriptedReader();
    const world = await openWith(script.reader);
    const user = userEvent.setup();
    await payForCroissants(user, 2);
    await user.type(screen.getByLabelText('Amount'), '2');
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€3.00');
    await user.click(screen.getByRole('button', { name: 'Card' }));
    await waiting();
    expect(script.reader.start.mock.calls[0]?.[1]).toBe(300);
    script.becomes({ status: 'succeeded' });
    await screen.findByText('Approved');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    const payments = await world.ledger.payments.toArray();
    expect(payments).toHaveLength(2);
    expect(payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'cash', amount: 200 }),
        expect.objectContaining({ method: 'card', amount: 300, reference: PI }),
      ]),
    );
  });
});

describe('The counter, finished: the cart is locked while the reader waits', () => {
  test('[COUNTER-10] a product tap or a scan while the reader waits changes nothing, cancels nothing, and says why', async () => {
    const { script, user, world } = await waitingOnReader();
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    expect(
      await screen.findByText('Waiting for the card reader — Cancel to change the sale.'),
    ).toBeInTheDocument();
    await user.keyboard('3017620422003{Enter}');
    expect(
      await screen.findByText(
        '3017620422003 was not added. Waiting for the card reader — Cancel to change the sale.',
      ),
    ).toBeInTheDocument();
    // Still waiting on the reader, for the same cart.
    expect(screen.getByText('Waiting for the card on Counter reader')).toBeInTheDocument();
    expect(script.reader.cancel).not.toHaveBeenCalled();
    expect((await world.cartStore.openCart())?.lines.map((line) => line.name)).toEqual(['Croissant']);

    // Cancel lets go of the cart: the next tap rings up as ever, and the notice is gone.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Card payment cancelled: nothing was charged.');
    expect(screen.queryByText(/Waiting for the card reader/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    await waitFor(async () => {
      expect((await world.cartStore.openCart())?.lines).toHaveLength(2);
    });
  });
});

describe('Card on an external terminal', () => {
  test('[CARD-13] offline: the external terminal, said in one line, and the reader is never called', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const script = scriptedReader();
    const world = await openWith(script.reader);
    const user = userEvent.setup();
    await payForCroissants(user);
    expect(
      screen.getByText('Offline: take the card on your terminal and type its reference.'),
    ).toBeInTheDocument();
    await typeReference(user, 'T-77');
    await user.click(screen.getByRole('button', { name: 'Card' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(script.reader.start).not.toHaveBeenCalled();
    expect(script.reader.refresh).not.toHaveBeenCalled();
    expect(await world.ledger.payments.toArray()).toEqual([
      expect.objectContaining({ method: 'card', amount: 250, reference: 'T-77' }),
    ]);
  });

  test('[CARD-13] no reader on this till: the external terminal, said so', async () => {
    const script = scriptedReader(null);
    await openWith(script.reader);
    const user = userEvent.setup();
    await payForCroissants(user);
    expect(
      screen.getByText('No card reader on this till: take the card on your terminal and type its reference.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Card reference')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'The card terminal approved this payment' }));
    await user.click(screen.getByRole('button', { name: 'Card' }));
    expect(script.reader.start).not.toHaveBeenCalled();
    expect(screen.getByTestId('remaining')).toHaveTextContent('€0.00');
  });

  test('[CARD-13] a reader the server cannot use hands Card back to the external terminal', async () => {
    const script = scriptedReader();
    script.reader.start.mockRejectedValue(
      new CardPaymentError('terminal_reader_offline', 'The card reader is offline.', 409),
    );
    await openWith(script.reader);
    const user = userEvent.setup();
    await payForCroissants(user);
    await user.click(screen.getByRole('button', { name: 'Card' }));
    const line = await screen.findByText(/The card reader is offline\. Take the card on your terminal/);
    expect(line).toBeInTheDocument();
    expect(screen.getByTestId('remaining')).toHaveTextContent('€2.50');
    await typeReference(user, 'EXT-1');
    await user.click(screen.getByRole('button', { name: 'Card' }));
    expect(script.reader.start).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Card (EXT-1)')).toBeVisible();
  });
});

describe('The counter, finished: a card on another terminal', () => {
  const approved = () => screen.getByRole('checkbox', { name: 'The card terminal approved this payment' });
  const asked = "Type the card terminal's reference, or tick 'The card terminal approved this payment'.";

  test.each([
    ['offline', true],
    ['online, no reader', false],
  ])(
    '[COUNTER-11] %s: Card with no reference is refused until the terminal’s approval is confirmed',
    async (_, offline) => {
      if (offline) vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const script = scriptedReader(offline ? READER : null);
      const world = await openWith(script.reader);
      const user = userEvent.setup();
      await payForCroissants(user);
      await user.click(screen.getByRole('button', { name: 'Card' }));
      expect(screen.getByRole('alert')).toHaveTextContent(asked);
      expect(screen.getByTestId('remaining')).toHaveTextContent('€2.50');
      expect(screen.getByRole('button', { name: 'Complete sale' })).toBeDisabled();

      await user.click(approved());
      await user.click(screen.getByRole('button', { name: 'Card' }));
      expect(screen.getByTestId('remaining')).toHaveTextContent('€0.00');
      expect(screen.queryByText(asked)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Complete sale' }));
      await screen.findByRole('heading', { name: 'Receipt T1-000001' });
      expect(await world.ledger.payments.toArray()).toEqual([
        expect.objectContaining({ method: 'card', amount: 250, reference: null }),
      ]);
    },
  );

  test('[COUNTER-11] a reference is enough, and the confirmation is asked again for the next card', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openWith(scriptedReader().reader);
    const user = userEvent.setup();
    await payForCroissants(user, 2);
    await user.click(approved());
    await user.type(screen.getByLabelText('Amount'), '2');
    await user.click(screen.getByRole('button', { name: 'Card' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€3.00');
    expect(approved()).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Card' }));
    expect(screen.getByRole('alert')).toHaveTextContent(asked);
    await typeReference(user, 'T-78');
    await user.click(screen.getByRole('button', { name: 'Card' }));
    expect(screen.getByTestId('remaining')).toHaveTextContent('€0.00');
  });
});
