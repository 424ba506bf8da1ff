// The app's client of the card-payments function (src/data/remote/card-payments.ts) against the local stack:
// its answers decode, and its refusals reach a screen as the function's code in plain words.
import { beforeAll, expect, test } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { CardPaymentError, cardPaymentsClient } from '../../src/data/remote/card-payments';
import { createShop, registerTerminal } from '../support/shop';
import { localStripe } from '../support/card-payments';
import type { Shop, Terminal } from '../support/shop';

let shop: Shop;
let till: Terminal;

beforeAll(async () => {
  shop = await createShop();
  till = await registerTerminal(shop.owner, shop.storeId, 'Client till');
});

async function refusal(work: Promise<unknown>): Promise<CardPaymentError> {
  const error: unknown = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CardPaymentError);
  return error as CardPaymentError;
}

test('a manager registers a reader; a cashier pays on it and a declined card says why', async () => {
  const manager = cardPaymentsClient(shop.manager.client);
  const cashier = cardPaymentsClient(shop.cashier.client);
  const reader = await manager.registerReader({
    terminalId: till.id,
    registrationCode: 'simulated-s700',
    label: 'Counter',
  });
  expect(reader.terminal_id).toBe(till.id);
  expect((await cashier.listReaders(till.id)).map((r) => r.id)).toContain(reader.id);

  const started = await cashier.startPayment({
    terminalId: till.id,
    saleId: uuidv7(),
    amount: 1250,
    currency: 'EUR',
  });
  expect(started.status).toBe('in_progress');
  await localStripe().testHelpers.terminal.readers.presentPaymentMethod(reader.stripe_reader_id, {
    type: 'card_present',
    card_present: { number: '4000000000009995' },
  });
  const declined = await cashier.getPayment(started.id, true);
  expect(declined.status).toBe('failed');
  expect(declined.failure_code).toBe('insufficient_funds');
});

test('a cashier cannot register a reader, and hears it in plain words', async () => {
  const cashier = cardPaymentsClient(shop.cashier.client);
  const error = await refusal(
    cashier.registerReader({ terminalId: till.id, registrationCode: 'simulated-wpe', label: 'Mine' }),
  );
  expect(error.code).toBe('insufficient_role');
  expect(error.status).toBe(403);
  expect(error.message).toBe('Only a manager or the owner can do that.');
});

test('a member of another shop is refused on this till', async () => {
  const other = await createShop();
  const error = await refusal(cardPaymentsClient(other.owner.client).listReaders(till.id));
  expect(error.status).toBe(403);
  expect(error.unreachable).toBe(false);
});
