// [VAL-23] Two tills, one card, offline (docs/customer-value.md "The offline spending rule, worked"): both
// pulled GIFT-DEMO-style €25.00, each spends within what it pulled, and the server keeps both sales, applies
// both entries in the order they arrive, and flags the one that takes the card below zero, naming both sales.
// Then both tills pull the server's balance, Σ of every entry.
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, test } from 'vitest';
import { applyOps, op } from '../support/ops';
import { pullAll } from '../support/pull';
import {
  createShop,
  invite,
  nth,
  registerTerminal,
  type Person,
  type Shop,
  type Terminal,
} from '../support/shop';
import {
  balanceOf,
  entriesOf,
  flagsOf,
  giftCardLine,
  newCode,
  valueSale,
  type ValueSaleArgs,
} from '../support/value-sales';

let shop: Shop;
let second: Person;
let t1: Terminal;
let t2: Terminal;

beforeAll(async () => {
  shop = await createShop({ products: 1 });
  second = await invite(shop.owner, shop.companyId, 'cashier', 'cashier2');
  [t1, t2] = await Promise.all([
    registerTerminal(shop.cashier, shop.storeId, 'Till 1'),
    registerTerminal(second, shop.storeId, 'Till 2'),
  ]);
});

/** A €25.00 card sold on till 1, online. */
async function cardOf25() {
  const card = { account_id: uuidv7(), code: newCode() };
  const [answer] = await applyOps(shop.cashier.client, [
    op('sale.record', valueSale(t1, { cards: [giftCardLine(2500, card)] })),
  ]);
  expect(answer?.status).toBe('applied');
  return card;
}

/** A sale paid `amount` by the card while offline, the till having seen `seen` available. */
function offlineSpend(
  terminal: Terminal,
  card: { account_id: string; code: string },
  amount: number,
  seen: number,
) {
  const product = nth(shop.products, 0);
  return valueSale(terminal, {
    products: [{ product, quantity: Math.ceil(amount / product.price) }],
    tenders: [{ method: 'gift_card', ...card, amount, balance_seen: seen, offline: true }],
  });
}

async function sumOfEntries(accountId: string): Promise<number> {
  return (await entriesOf(accountId)).reduce((sum, entry) => sum + entry.delta, 0);
}

async function pulledBalance(person: Person, accountId: string): Promise<number | undefined> {
  const { rows } = await pullAll(person.client, 'value_balances', null);
  const row = rows.find((r) => r.account_id === accountId);
  return row ? Number(row.balance) : undefined;
}

describe('[VAL-23] two tills spend one card offline', () => {
  test('[VAL-23] T1 syncs first, then T2: both sales kept, the card −€13.00, one overdraw flag naming both', async () => {
    const card = await cardOf25();
    // Both pulled 2500 and lost the network: T1 sells €18.00 on the card, T2 €20.00.
    const first: ValueSaleArgs = offlineSpend(t1, card, 1800, 2500);
    const later: ValueSaleArgs = offlineSpend(t2, card, 2000, 2500);
    const [a1] = await applyOps(shop.cashier.client, [op('sale.record', first)]);
    const [a2] = await applyOps(second.client, [op('sale.record', later)]);
    expect([a1?.status, a2?.status]).toEqual(['applied', 'applied']);

    expect(await balanceOf(card.account_id)).toBe(-1300);
    expect(await sumOfEntries(card.account_id)).toBe(-1300);
    expect(
      (await entriesOf(card.account_id)).map((e) => [e.kind, e.delta, e.balance_after, e.sale_id]),
    ).toEqual([
      ['issue', 2500, 2500, expect.any(String)],
      ['redeem', -1800, 700, first.id],
      ['redeem', -2000, -1300, later.id],
    ]);
    const flags = (await flagsOf(shop.companyId, ['overdraw'])).filter(
      (f) => f.detail.account_id === card.account_id,
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      sale_id: later.id,
      detail: {
        sale_ids: [first.id, later.id],
        balance_before: 700,
        delta: -2000,
        balance_after: -1300,
        balance_seen: 2500,
        offline: true,
        within_allowance: false,
      },
    });
    // Their next pull shows both tills the server's balance.
    expect(await pulledBalance(shop.cashier, card.account_id)).toBe(-1300);
    expect(await pulledBalance(second, card.account_id)).toBe(-1300);
  });

  test('[VAL-23] both tills sync at the same moment: both kept, balance = Σ entries, exactly one flag', async () => {
    const card = await cardOf25();
    const one = offlineSpend(t1, card, 1800, 2500);
    const two = offlineSpend(t2, card, 2000, 2500);
    const answers = await Promise.all([
      applyOps(shop.cashier.client, [op('sale.record', one)]),
      applyOps(second.client, [op('sale.record', two)]),
    ]);
    expect(answers.map(([answer]) => answer?.status)).toEqual(['applied', 'applied']);
    expect(await balanceOf(card.account_id)).toBe(-1300);
    expect(await sumOfEntries(card.account_id)).toBe(-1300);
    const entries = await entriesOf(card.account_id);
    // Whichever arrived second took the card below zero and is the one flagged; the chain is unbroken.
    expect(entries.map((e) => e.balance_after)).toEqual(
      entries.reduce<number[]>((chain, e) => [...chain, (chain.at(-1) ?? 0) + e.delta], []),
    );
    const flags = (await flagsOf(shop.companyId, ['overdraw'])).filter(
      (f) => f.detail.account_id === card.account_id,
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]?.sale_id).toBe(entries.at(-1)?.sale_id);
    expect(flags[0]?.detail.sale_ids).toEqual([entries[1]?.sale_id, entries[2]?.sale_id]);
  });
});
