// Malformed and hostile ops are rejected one by one, each with a clear code, and never fail the batch
// (supabase/SPEC.md [OPS-1], [OPS-4], [OPS-5], [OPS-7]..[OPS-10], [SALE-n]). The cases are one table; a
// good sale rides in the same batch and applies.
import { beforeAll, expect, test } from 'vitest';
import { applyOps, op, saleArgs, saleOp } from '../support/ops';
import type { Op } from '../support/ops';
import { createShop, nth, registerTerminal } from '../support/shop';
import type { Shop, Terminal } from '../support/shop';

let shop: Shop;
let other: Shop;
let till: Terminal;
let otherTill: Terminal;
let otherSaleId: string;
let otherShiftId: string;

beforeAll(async () => {
  [shop, other] = await Promise.all([createShop(), createShop()]);
  [till, otherTill] = await Promise.all([
    registerTerminal(shop.cashier, shop.storeId),
    registerTerminal(other.cashier, other.storeId),
  ]);
  const otherSale = saleOp({
    terminal: otherTill,
    lines: [{ product: nth(other.products, 0), quantity: 1 }],
  });
  otherShiftId = crypto.randomUUID();
  const answers = await applyOps(other.cashier.client, [
    otherSale,
    op('shift.open', {
      id: otherShiftId,
      terminal_id: otherTill.id,
      opened_at: new Date().toISOString(),
      opening_float: 0,
    }),
  ]);
  expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
  otherSaleId = otherSale.args.id as string;
});

type Mutate = (
  args: Record<string, unknown> & { lines: Record<string, unknown>[]; payments: Record<string, unknown>[] },
) => void;

/** A valid one-line sale, changed by `mutate`. */
function sale(mutate: Mutate): Op {
  const args = saleArgs({
    terminal: till,
    tender: 'cash',
    lines: [{ product: nth(shop.products, 0), quantity: 2 }],
  });
  mutate(args as unknown as Parameters<Mutate>[0]);
  return op('sale.record', args);
}

const cases: [string, () => unknown, string][] = [
  // The envelope.
  ['an op that is not an object', () => 'sale.record', 'invalid_op'],
  ['an op_id that is not a UUID', () => ({ ...sale(() => undefined), op_id: 'op-1' }), 'invalid_op'],
  ['a name that is not a string', () => ({ ...sale(() => undefined), name: 7 }), 'invalid_op'],
  ['args that are not an object', () => ({ ...sale(() => undefined), args: [1, 2] }), 'invalid_op'],
  ['an unknown op name', () => ({ ...sale(() => undefined), name: 'sale.delete' }), 'unknown_op'],
  // Missing fields.
  ['a sale without total', () => sale((a) => Reflect.deleteProperty(a, 'total')), 'invalid_args'],
  ['a sale without lines', () => sale((a) => Reflect.deleteProperty(a, 'lines')), 'invalid_args'],
  ['a sale with no lines', () => sale((a) => (a.lines = [])), 'invalid_args'],
  ['a line without quantity', () => sale((a) => delete nth(a.lines, 0).quantity), 'invalid_args'],
  ['a payment without id', () => sale((a) => delete nth(a.payments, 0).id), 'invalid_args'],
  // Wrong types.
  ['a total sent as a string', () => sale((a) => (a.total = String(a.total))), 'invalid_args'],
  ['a fractional amount', () => sale((a) => (nth(a.lines, 0).unit_price = 1.5)), 'invalid_args'],
  ['a quantity that is a boolean', () => sale((a) => (nth(a.lines, 0).quantity = true)), 'invalid_args'],
  ['a terminal id that is a number', () => sale((a) => (a.terminal_id = 42)), 'invalid_args'],
  ['lines that are an object', () => sale((a) => (a.lines = { 0: a.lines[0] } as never)), 'invalid_args'],
  ['an occurred_at that is not a time', () => sale((a) => (a.occurred_at = 'yesterday')), 'invalid_args'],
  [
    'an occurred_at without a zone',
    () => sale((a) => (a.occurred_at = '2026-11-21T09:00:00')),
    'invalid_args',
  ],
  ['a blank line name', () => sale((a) => (nth(a.lines, 0).name = '   ')), 'invalid_args'],
  ['an unknown tender method', () => sale((a) => (nth(a.payments, 0).method = 'bitcoin')), 'invalid_args'],
  // Huge and impossible numbers.
  ['a huge total', () => sale((a) => (a.total = 1e20)), 'invalid_args'],
  ['a huge quantity', () => sale((a) => (nth(a.lines, 0).quantity = 1e12)), 'invalid_args'],
  ['a quantity with four decimals', () => sale((a) => (nth(a.lines, 0).quantity = '1.0001')), 'invalid_args'],
  ['a negative price', () => sale((a) => (nth(a.lines, 0).unit_price = -250)), 'invalid_args'],
  ['a zero quantity', () => sale((a) => (nth(a.lines, 0).quantity = 0)), 'invalid_quantity'],
  ['a negative quantity', () => sale((a) => (nth(a.lines, 0).quantity = -1)), 'invalid_quantity'],
  ['a tax rate above 100 %', () => sale((a) => (nth(a.lines, 0).tax_rate_bp = 10001)), 'invalid_args'],
  // Arithmetic.
  ['a wrong line tax', () => sale((a) => ((nth(a.lines, 0).tax as number) += 1)), 'tax_mismatch'],
  ['a wrong line total', () => sale((a) => ((nth(a.lines, 0).total as number) += 1)), 'line_total_mismatch'],
  ['a discount above the line', () => sale((a) => (nth(a.lines, 0).discount = 1e6)), 'discount_too_large'],
  ['a wrong sale total', () => sale((a) => (a.total = 1)), 'total_mismatch'],
  [
    'tenders short of the total',
    () =>
      sale((a) => {
        a.payments = [{ id: crypto.randomUUID(), method: 'card', amount: (a.total as number) - 1 }];
      }),
    'payments_mismatch',
  ],
  ['wrong cash change', () => sale((a) => ((nth(a.payments, 0).change as number) += 1)), 'change_mismatch'],
  [
    'rounding without a rounding step',
    () =>
      sale((a) => {
        a.rounding = 2;
        (a.total as number) += 2;
        (nth(a.payments, 0).amount as number) += 2;
        (nth(a.payments, 0).change as number) -= 2;
      }),
    'rounding_mismatch',
  ],
  [
    "another terminal's receipt number",
    () => sale((a) => (a.receipt_no = 'T99-000001')),
    'invalid_receipt_no',
  ],
  // Another company's ids.
  ["another company's terminal", () => sale((a) => (a.terminal_id = otherTill.id)), 'not_member'],
  [
    "another company's product",
    () => sale((a) => (nth(a.lines, 0).product_id = nth(other.products, 0).id)),
    'unknown_product',
  ],
  ["another company's customer", () => sale((a) => (a.customer_id = otherSaleId)), 'unknown_customer'],
  ["another terminal's shift", () => sale((a) => (a.shift_id = otherShiftId)), 'unknown_shift'],
  ['an unregistered terminal', () => sale((a) => (a.terminal_id = crypto.randomUUID())), 'unknown_terminal'],
  [
    'a customer for another company',
    () => op('customer.upsert', { id: crypto.randomUUID(), company_id: other.companyId, name: 'Eve' }),
    'not_member',
  ],
  [
    "stock moved in another company's store",
    () =>
      op('stock.move', {
        id: crypto.randomUUID(),
        store_id: other.storeId,
        product_id: nth(other.products, 0).id,
        reason: 'receive',
        quantity: 1,
        occurred_at: new Date().toISOString(),
      }),
    'not_member',
  ],
  [
    "a cash move into another terminal's shift",
    () =>
      op('cash.move', {
        id: crypto.randomUUID(),
        terminal_id: till.id,
        shift_id: otherShiftId,
        kind: 'pay_in',
        amount: 100,
        occurred_at: new Date().toISOString(),
      }),
    'unknown_shift',
  ],
];

test('[OPS-5] malformed ops are rejected one by one with clear codes, and the good op in the batch applies', async () => {
  const good = sale(() => undefined);
  const bad = cases.map(([, make]) => make());
  const answers = await applyOps(shop.cashier.client, [...bad, good]);
  expect(answers).toHaveLength(cases.length + 1);
  const got = cases.map(([what], i) => [what, answers[i]?.status, answers[i]?.error?.code]);
  expect(got).toEqual(cases.map(([what, , code]) => [what, 'rejected', code]));
  for (const answer of answers.slice(0, -1)) expect(answer.error?.message).toMatch(/\w/);
  expect(answers.at(-1)).toMatchObject({ op_id: good.op_id, status: 'applied' });
});

test('[SALE-4] a receipt number is used once per company; [OPS-5] a reused id is duplicate_id', async () => {
  const first = sale(() => undefined);
  const sameReceipt = sale((a) => (a.receipt_no = first.args.receipt_no));
  const sameId = sale((a) => (a.id = first.args.id));
  const answers = await applyOps(shop.cashier.client, [first, sameReceipt, sameId]);
  expect(answers.map((a) => a.error?.code ?? a.status)).toEqual([
    'applied',
    'duplicate_receipt_no',
    'duplicate_id',
  ]);
});

test('[OPS-1] a batch that is not an array, or too long, fails as a whole with 22023', async () => {
  await expect(applyOps(shop.cashier.client, { op_id: 'x' } as never)).rejects.toMatchObject({
    code: '22023',
  });
  const tooMany = Array.from({ length: 501 }, () => ({}));
  await expect(applyOps(shop.cashier.client, tooMany)).rejects.toMatchObject({
    code: '22023',
    hint: 'batch_too_large',
  });
});

test('[OPS-1] anonymous callers cannot apply ops', async () => {
  const { anonClient } = await import('../support/supabase');
  const { error } = await anonClient().rpc('apply_ops', { ops: [] });
  expect(error).not.toBeNull();
});

test("[REFUND-1] a manager cannot refund another company's sale: unknown_sale", async () => {
  const [answer] = await applyOps(shop.manager.client, [
    op('sale.refund', {
      id: crypto.randomUUID(),
      terminal_id: till.id,
      refund_of: otherSaleId,
      receipt_no: till.nextReceipt(),
      occurred_at: new Date().toISOString(),
      total: 0,
      tax_total: 0,
      lines: [
        { id: crypto.randomUUID(), refund_of_line_id: crypto.randomUUID(), quantity: 1, tax: 0, total: 0 },
      ],
    }),
  ]);
  expect(answer).toMatchObject({ status: 'rejected', error: { code: 'unknown_sale' } });
});
