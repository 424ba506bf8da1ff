// [SCALE-7] The server reads again each scale label a sale line was rung up from, through apply_ops: the sale
// is recorded as the till recorded it either way (it happened), a line its label accounts for flags nothing,
// and a line it does not (another item, another price or weight, a label that does not read) is flagged to
// managers once (a row of public.flags, [FLAG-1], with an id the server draws), even when the op is sent again.
import { beforeAll, describe, expect, test } from 'vitest';
import { makeEmbeddedBarcode, type EmbeddedLayout } from '../../src/domain/embedded-barcode';
import { applyOps, op, saleArgs } from '../support/ops';
import { createShop, must, nth, registerTerminal, type Shop, type Terminal } from '../support/shop';
import { serviceClient } from '../support/supabase';

const PRICE: EmbeddedLayout = {
  prefix: '21',
  kind: 'price',
  itemDigits: 5,
  decimals: 2,
  valueCheckDigit: false,
};
const WEIGHT: EmbeddedLayout = {
  prefix: '22',
  kind: 'weight',
  itemDigits: 5,
  decimals: 3,
  valueCheckDigit: false,
};

let shop: Shop;
let till: Terminal;

beforeAll(async () => {
  shop = await createShop({ products: 2 });
  till = await registerTerminal(shop.cashier, shop.storeId);
  must(
    await shop.owner.client
      .from('companies')
      .update({
        scale_labels: [PRICE, WEIGHT].map((layout) => ({
          prefix: layout.prefix,
          kind: layout.kind,
          item_digits: layout.itemDigits,
          decimals: layout.decimals,
          value_check_digit: layout.valueCheckDigit,
        })),
      })
      .eq('id', shop.companyId)
      .select('id'),
    'set layouts',
  );
  for (const [index, code] of [
    [0, '7'],
    [1, '8'],
  ] as const) {
    must(
      await shop.manager.client
        .from('products')
        .update({ scale_code: code, weighed: index === 1 })
        .eq('id', nth(shop.products, index).id)
        .select('id'),
      'set scale code',
    );
  }
});

/** The label with its check digit misread. */
const misread = (code: string) => `${code.slice(0, 12)}${String((Number(code[12]) + 1) % 10)}`;

/** Records one sale of `quantity` of product `index` at `unitPrice`, rung up from `label`; answers its flags. */
async function sellFromLabel(index: number, quantity: number, unitPrice: number, label: string) {
  const product = { ...nth(shop.products, index), price: unitPrice };
  const args = saleArgs({ terminal: till, lines: [{ product, quantity }] });
  const sale = op('sale.record', {
    ...args,
    lines: args.lines.map((line) => ({ ...line, scale_label: label })),
  });
  const [answer] = await applyOps(shop.cashier.client, [sale]);
  expect(answer?.status).toBe('applied');
  return { sale, saleId: args.id, flags: () => flagsOf(args.id) };
}

async function flagsOf(saleId: string): Promise<{ problem: unknown; label: unknown }[]> {
  const rows = must<{ detail: Record<string, unknown> }[]>(
    await serviceClient().from('flags').select('detail').eq('kind', 'scale_label').eq('sale_id', saleId),
    'read flags',
  );
  return rows.map((row) => ({ problem: row.detail.problem, label: row.detail.label }));
}

describe('[SCALE-7] a sale line rung up from a scale label', () => {
  test('a label that accounts for its line flags nothing: one pack at its price, or the weight it buys', async () => {
    const pack = await sellFromLabel(0, 1, 235, makeEmbeddedBarcode(PRICE, '7', 235));
    expect(await pack.flags()).toEqual([]);
    // 2.35 at 1.99 / kg is 1.181 kg ([SCALE-6]).
    const bought = await sellFromLabel(1, 1.181, 199, makeEmbeddedBarcode(PRICE, '8', 235));
    expect(await bought.flags()).toEqual([]);
    const weighed = await sellFromLabel(1, 1.255, 199, makeEmbeddedBarcode(WEIGHT, '8', 1255));
    expect(await weighed.flags()).toEqual([]);
  });

  test('a line its label does not account for is recorded, and flagged once to managers', async () => {
    const label = makeEmbeddedBarcode(PRICE, '7', 999);
    const cheaper = await sellFromLabel(0, 1, 235, label);
    expect(await cheaper.flags()).toEqual([{ problem: 'other_price', label }]);
    const [again] = await applyOps(shop.cashier.client, [cheaper.sale]);
    expect(again?.status).toBe('duplicate');
    expect(await cheaper.flags()).toHaveLength(1);
    const lines = must<{ unit_price: number }[]>(
      await shop.manager.client.from('sale_lines').select('unit_price').eq('sale_id', cheaper.saleId),
      'read lines',
    );
    expect(lines.map((line) => String(line.unit_price))).toEqual(['235']);
  });

  interface Mismatch {
    what: string;
    index: number;
    quantity: number;
    price: number;
    label: () => string;
    problem: string;
  }
  test.each<Mismatch>([
    {
      what: 'another item',
      ...{ index: 0, quantity: 1, price: 235 },
      label: () => makeEmbeddedBarcode(PRICE, '8', 235),
      problem: 'other_item',
    },
    {
      what: 'another weight',
      ...{ index: 1, quantity: 2, price: 199 },
      label: () => makeEmbeddedBarcode(WEIGHT, '8', 1255),
      problem: 'other_weight',
    },
    {
      what: 'a misread label',
      ...{ index: 0, quantity: 1, price: 235 },
      label: () => misread(makeEmbeddedBarcode(PRICE, '7', 235)),
      problem: 'unreadable_check_digit',
    },
    {
      what: 'a prefix the shop has no layout for',
      ...{ index: 0, quantity: 1, price: 235 },
      label: () => makeEmbeddedBarcode({ ...PRICE, prefix: '29' }, '7', 235),
      problem: 'unreadable_no_layout',
    },
  ])('$what', async ({ index, quantity, price, label, problem }) => {
    const code = label();
    const flagged = await sellFromLabel(index, quantity, price, code);
    expect(await flagged.flags()).toEqual([{ problem, label: code }]);
  });

  test('managers read the flag; a cashier and another shop’s owner do not', async () => {
    const flagged = await sellFromLabel(0, 1, 235, makeEmbeddedBarcode(PRICE, '8', 235));
    const read = (who: Shop['manager']) =>
      who.client.from('flags').select('kind').eq('kind', 'scale_label').eq('sale_id', flagged.saleId);
    expect((await read(shop.manager)).data).toEqual([{ kind: 'scale_label' }]);
    expect((await read(shop.cashier)).data ?? []).toEqual([]);
    const other = await createShop({ products: 1 });
    expect((await read(other.owner)).data ?? []).toEqual([]);
  });
});
