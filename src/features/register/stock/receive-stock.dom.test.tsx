// 'Receive stock' at the register, offline (no server in these tests): who is offered it, a delivery taken in
// against a pulled order with its questions, and what the post writes.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import {
  BAGUETTE,
  COMPANY,
  CROISSANT,
  STORE,
  person,
  registerWorld,
  withFakeLayout,
  type RegisterWorld,
} from '../register-test-deps';
import type { RegisterRole } from '../register-deps';
import { onHand } from '../../../data/local/stock-on-hand';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();

const SUPPLIER = 'ea000000-0000-4000-8000-000000000001';
const OTHER_SUPPLIER = 'ea000000-0000-4000-8000-000000000002';
const ORDER = 'eb000000-0000-4000-8000-000000000001';
const LINE = 'eb100000-0000-4000-8000-000000000001';

async function withOrder(world: RegisterWorld, settings: Record<string, unknown> = {}) {
  const { mirror } = world;
  await mirror.companies.put({ id: COMPANY, name: 'Test shop', cost_method: 'average' });
  await mirror.purchasingSettings.put({ id: COMPANY, company_id: COMPANY, ...settings });
  await mirror.suppliers.bulkPut([
    { id: SUPPLIER, company_id: COMPANY, name: 'Le Fournil' },
    { id: OTHER_SUPPLIER, company_id: COMPANY, name: 'Bean & Leaf Coffee' },
  ]);
  await mirror.products.bulkPut([
    { ...CROISSANT, cost: 50, supplier_id: SUPPLIER },
    { ...BAGUETTE, supplier_id: OTHER_SUPPLIER },
  ]);
  await mirror.purchaseOrders.put({
    id: ORDER,
    company_id: COMPANY,
    store_id: STORE,
    supplier_id: SUPPLIER,
    number: 'PO-0002',
    status: 'ordered',
    expected_on: '2026-11-22',
  });
  await mirror.purchaseOrderLines.put({
    id: LINE,
    company_id: COMPANY,
    purchase_order_id: ORDER,
    store_id: STORE,
    product_id: CROISSANT.id,
    position: 1,
    quantity: '24.000',
    unit_cost: 60,
    received: '0.000',
    held: '0.000',
    cancelled: '0.000',
  });
}

async function openRegister(role: RegisterRole, settings: Record<string, unknown> = {}) {
  // The catalogue's croissant carries its supplier and cost, as the mirror's does.
  const world = await registerWorld({ role, scanner: { minLength: 6, maxGapMs: 20 } });
  await withOrder(world, settings);
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

async function openOrder() {
  const user = person();
  await user.click(await screen.findByRole('button', { name: 'Receive stock' }));
  const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
  expect(within(dialog).getByRole('heading', { name: 'Orders to receive' })).toBeInTheDocument();
  await user.click(await within(dialog).findByRole('button', { name: /PO-0002.*Le Fournil.*Ordered/ }));
  const order = await screen.findByRole('dialog', { name: 'Receive stock · PO-0002' });
  const line = await within(order).findByRole('group', { name: 'Croissant' });
  return { user, order, line };
}

describe("[PUR-T1] who is offered 'Receive stock'", () => {
  test('a cashier is not, unless the shop lets cashiers receive; a manager always is', async () => {
    await openRegister('cashier');
    expect(screen.queryByRole('button', { name: 'Receive stock' })).not.toBeInTheDocument();
    cleanup();
    await openRegister('cashier', { cashiers_receive: true });
    expect(await screen.findByRole('button', { name: 'Receive stock' })).toBeInTheDocument();
    cleanup();
    await openRegister('manager');
    expect(await screen.findByRole('button', { name: 'Receive stock' })).toBeInTheDocument();
  });
});

describe('[PUR-T7] receiving a delivery offline', () => {
  test('Arrived now and a changed unit cost post one receipt; on-hand rises at once; cost after previewed', async () => {
    const world = await openRegister('manager');
    const { user, order, line } = await openOrder();
    expect(within(line).getByText('Ordered').nextSibling).toHaveTextContent('24');
    expect(within(line).getByText('Already received').nextSibling).toHaveTextContent('0');
    await user.type(within(line).getByLabelText('Arrived now'), '5');
    const cost = within(line).getByLabelText('Unit cost');
    await user.clear(cost);
    await user.type(cost, '0.65');
    // [PUR-T9] 10 on hand at 0.50, 5 at 0.65, average: (10 × 50 + 5 × 65) ÷ 15 = 55.
    expect(within(line).getByText('Cost after: €0.55')).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: 'Post receipt' }));
    expect(await screen.findByText('Delivery received: PO-0002')).toBeInTheDocument();
    const ops = await world.ledger.outbox.toArray();
    expect(ops).toMatchObject([
      {
        name: 'purchase_order.receive',
        args: {
          purchase_order_id: ORDER,
          lines: [
            {
              purchase_order_line_id: LINE,
              product_id: CROISSANT.id,
              quantity: '5.000',
              unit_cost: 65,
              seen_received: '0.000',
            },
          ],
        },
      },
    ]);
    expect(await onHand(world.ledger, world.mirror, STORE, CROISSANT.id)).toBe(15_000);
  });

  test('[PUR-T3] a word or a negative number is refused in words, and nothing is posted', async () => {
    const world = await openRegister('manager');
    const { user, order, line } = await openOrder();
    await user.type(within(line).getByLabelText('Arrived now'), 'twelve');
    expect(await within(line).findByText('Enter a number, like 12 or 2.5')).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: 'Post receipt' }));
    expect(await within(order).findByText('Some lines need a change before posting.')).toBeInTheDocument();
    await user.clear(within(line).getByLabelText('Arrived now'));
    await user.type(within(line).getByLabelText('Arrived now'), '-3');
    expect(await within(line).findByText('A quantity cannot be below zero')).toBeInTheDocument();
    await user.clear(within(line).getByLabelText('Arrived now'));
    await user.click(within(order).getByRole('button', { name: 'Post receipt' }));
    expect(await within(order).findByText('Nothing has been entered as arrived')).toBeInTheDocument();
    expect(await world.ledger.outbox.count()).toBe(0);
  });

  test('[PUR-T4] more than ordered asks first; Change posts nothing, Receive posts', async () => {
    const world = await openRegister('manager');
    const { user, order, line } = await openOrder();
    await user.type(within(line).getByLabelText('Arrived now'), '30');
    await user.click(within(order).getByRole('button', { name: 'Post receipt' }));
    const question = await within(order).findByRole('group', { name: 'Question' });
    expect(question).toHaveTextContent('You ordered 24; with these 30, 30 will have arrived. Receive 30?');
    await user.click(within(question).getByRole('button', { name: 'Change' }));
    expect(await world.ledger.outbox.count()).toBe(0);
    await user.click(within(order).getByRole('button', { name: 'Post receipt' }));
    await user.click(await within(order).findByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Delivery received: PO-0002')).toBeInTheDocument();
    expect(await world.ledger.outbox.count()).toBe(1);
  });

  test('[PUR-T5] a product not on the order is asked about, then added; an unknown barcode adds nothing', async () => {
    const world = await openRegister('manager');
    const { user, order } = await openOrder();
    await user.type(within(order).getByLabelText('Scan or search'), `${BAGUETTE.barcode ?? ''}{Enter}`);
    const question = await within(order).findByRole('group', { name: 'Question' });
    expect(question).toHaveTextContent('Baguette is not on this order. Add it to this delivery?');
    // (Whose product it is, and the question when another supplier's, is receipt-lines.test.ts' [PUR-T5].)
    await user.click(within(question).getByRole('button', { name: 'Add it' }));
    const extra = await within(order).findByRole('group', { name: 'Baguette' });
    expect(within(extra).getByLabelText('Arrived now')).toHaveValue('1');
    await user.click(within(order).getByRole('button', { name: 'Post receipt' }));
    expect(await screen.findByText('Delivery received: PO-0002')).toBeInTheDocument();
    const [op] = await world.ledger.outbox.toArray();
    expect(op?.args.lines).toEqual([
      expect.objectContaining({ purchase_order_line_id: null, product_id: BAGUETTE.id, quantity: '1.000' }),
    ]);
    // An unknown barcode adds nothing.
    await user.click(await screen.findByRole('button', { name: /PO-0002/ }));
    const again = await screen.findByRole('dialog', { name: 'Receive stock · PO-0002' });
    await user.type(within(again).getByLabelText('Scan or search'), '9999999999999{Enter}');
    expect(await within(again).findByText('No product has this barcode')).toBeInTheDocument();
  });
});
