// The register's card reader against the local stack (issue 20): the wiring the register uses
// (payment/card-reader-wiring.ts) finds the till's reader and remembers it on the device, pays on it, and the
// local stack's simulated-reader controls (what the register's 'Simulated reader' panel calls, no key)
// approve, decline and time it out. The demo shop's seeded reader is held by the stack's Stripe from the start.
import { beforeAll, expect, test } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { cardPaymentsClient } from '../../src/data/remote/card-payments';
import { readerSimulator } from '../../src/data/remote/reader-simulator';
import { readTillReader, type ReaderStorage } from '../../src/data/local/till-card-reader';
import { cardReaderFor } from '../../src/features/register/payment/card-reader-wiring';
import { fixedClock } from '../../src/domain/clock';
import { createShop, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { stackUrl } from '../support/supabase';
import { DEMO } from '../support/demo';

let shop: Shop;
let till: Terminal;
let stripeReaderId: string;

function memoryStorage(): ReaderStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

/** The register's reader for `terminalId` as the cashier, remembered in `storage`. */
function cashiersReader(terminalId: string, storage: ReaderStorage | null, simulatorUrl?: string) {
  return cardReaderFor({
    supabase: shop.cashier.client,
    terminalId,
    currency: 'EUR',
    storage,
    clock: fixedClock('2026-11-26T10:00:00Z'),
    ...(simulatorUrl ? { simulatorUrl } : {}),
  });
}

beforeAll(async () => {
  shop = await createShop();
  till = await registerTerminal(shop.owner, shop.storeId, 'Reader till');
  const reader = await cardPaymentsClient(shop.manager.client).registerReader({
    terminalId: till.id,
    registrationCode: 'simulated-wpe',
    label: 'Front reader',
  });
  stripeReaderId = reader.stripe_reader_id;
});

test('[CARD-14] the stack restores its readers from card_readers: the seeded demo reader is there at once', async () => {
  const simulator = readerSimulator(stackUrl());
  expect(await simulator.knows(DEMO.reader.stripeReaderId)).toBe(true);
  expect(await simulator.knows('tmr_NobodyRegisteredThis')).toBe(false);
  const response = await fetch(
    `${stackUrl()}/local/v1/stripe/terminal/readers/${DEMO.reader.stripeReaderId}`,
  );
  expect(await response.json()).toMatchObject({
    id: DEMO.reader.stripeReaderId,
    label: DEMO.reader.label,
    device_type: DEMO.reader.deviceType,
    action: null,
  });
});

test('[CARD-10] the register finds its till reader, remembers it, and pays on it; the simulator approves', async () => {
  const storage = memoryStorage();
  const reader = cashiersReader(till.id, storage, stackUrl());
  expect(reader.known()).toBeNull();
  const found = await reader.refresh();
  expect(found).toMatchObject({ label: 'Front reader', stripeReaderId, deviceType: 'simulated_wisepos_e' });
  expect(reader.known()).toEqual(found);
  expect(readTillReader(storage, till.id)).toEqual({ reader: found, checkedAt: '2026-11-26T10:00:00.000Z' });

  const saleId = uuidv7();
  const started = await reader.start(saleId, 360);
  expect(started).toMatchObject({ status: 'in_progress', sale_id: saleId, amount: 360, currency: 'EUR' });
  await reader.simulator?.present(stripeReaderId, '4242424242424242');
  const approved = await reader.get(started.id, false);
  expect(approved.status).toBe('succeeded');
  expect(approved.payment_intent_id).toMatch(/^pi_/);
});

test('[CARD-12] the simulator declines for insufficient funds and times the reader out', async () => {
  const reader = cashiersReader(till.id, null);
  const simulator = readerSimulator(stackUrl());
  const first = await reader.start(uuidv7(), 500);
  await simulator.present(stripeReaderId, '4000000000009995');
  expect(await reader.get(first.id, false)).toMatchObject({
    status: 'failed',
    failure_code: 'insufficient_funds',
  });

  const second = await reader.start(uuidv7(), 500);
  await simulator.timeOut(stripeReaderId);
  expect(await reader.get(second.id, false)).toMatchObject({
    status: 'failed',
    failure_code: 'terminal_reader_timeout',
  });
  // Nothing is waiting now: presenting a card says so in the fake's words.
  await expect(simulator.present(stripeReaderId, '4242424242424242')).rejects.toThrow(
    'The reader is not waiting for a payment method.',
  );
});

test('[CARD-10] a till with no reader is told so by the server, and the device remembers none', async () => {
  const other = await registerTerminal(shop.owner, shop.storeId, 'No reader till');
  const storage = memoryStorage();
  const reader = cashiersReader(other.id, storage);
  expect(await reader.refresh()).toBeNull();
  expect(readTillReader(storage, other.id)?.reader).toBeNull();
  expect(reader.simulator).toBeUndefined();
});
