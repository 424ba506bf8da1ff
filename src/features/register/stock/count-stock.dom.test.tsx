// 'Count stock' at the register, offline (no server in these tests): who is offered it, counting by scan and
// by typing in zones, what 'Send counts' queues and how a later change replaces a sent line, and what a blind
// count hides.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import {
  BANANAS,
  COMPANY,
  CROISSANT,
  STORE,
  person,
  registerWorld,
  withFakeLayout,
} from '../register-test-deps';
import type { RegisterRole } from '../register-deps';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();

const STOCKTAKE = 'ec000000-0000-4000-8000-000000000001';
/** The test catalogue's bakery category: croissants are on the list, bananas (fruit) are not. */
const BAKERY = 'e3000000-0000-4000-8000-000000000001';

async function openRegister(role: RegisterRole, settings: Record<string, unknown> = {}) {
  const world = await registerWorld({ role, scanner: { minLength: 6, maxGapMs: 20 } });
  await world.mirror.purchasingSettings.put({ id: COMPANY, company_id: COMPANY, ...settings });
  await world.mirror.stocktakes.put({
    id: STOCKTAKE,
    company_id: COMPANY,
    store_id: STORE,
    number: 'ST-0003',
    status: 'open',
    scope: 'category',
    category_id: BAKERY,
    supplier_id: null,
  });
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

async function openStocktake() {
  const user = person();
  await user.click(await screen.findByRole('button', { name: 'Count stock' }));
  const dialog = await screen.findByRole('dialog', { name: 'Count stock' });
  await user.click(await within(dialog).findByRole('button', { name: 'ST-0003' }));
  const form = await screen.findByRole('dialog', { name: 'Count stock · ST-0003' });
  const scan = async (text: string) => {
    await user.type(within(form).getByLabelText('Scan to count'), `${text}{Enter}`);
  };
  return { user, form, scan };
}

describe("[PUR-T1] who is offered 'Count stock'", () => {
  test('a cashier is not, unless the shop lets cashiers count; a manager always is', async () => {
    await openRegister('cashier', { cashiers_receive: true });
    expect(await screen.findByRole('button', { name: 'Receive stock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Count stock' })).not.toBeInTheDocument();
    cleanup();
    await openRegister('cashier', { cashiers_count: true });
    expect(await screen.findByRole('button', { name: 'Count stock' })).toBeInTheDocument();
    cleanup();
    await openRegister('manager');
    expect(await screen.findByRole('button', { name: 'Count stock' })).toBeInTheDocument();
  });
});

describe('[PUR-T12] counting by scan and by typing', () => {
  test('a scan adds one in the current zone; typing sets the number; bad input is named; out of scope is noted', async () => {
    const world = await openRegister('manager');
    const { user, form, scan } = await openStocktake();
    await scan(CROISSANT.barcode ?? '');
    await scan(CROISSANT.barcode ?? '');
    const shelf = await within(form).findByRole('group', { name: 'Croissant' });
    expect(within(shelf).getByLabelText('Counted')).toHaveValue('2');
    // Another zone is another line of the same product.
    await user.type(within(form).getByLabelText('Zone'), 'Back room');
    await scan(CROISSANT.barcode ?? '');
    const back = await within(form).findByRole('group', { name: 'Croissant · Back room' });
    const counted = within(back).getByLabelText('Counted');
    await user.clear(counted);
    await user.type(counted, 'twelve');
    expect(await within(back).findByText('Enter a number, like 12 or 2.5')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send counts' }));
    expect(await within(form).findByText('Some lines need a change before sending.')).toBeInTheDocument();
    await user.clear(counted);
    await user.type(counted, '-1');
    expect(await within(back).findByText('A quantity cannot be below zero')).toBeInTheDocument();
    await user.clear(counted);
    await user.type(counted, '12');
    // Bananas are fruit: counted, with a note, as the server keeps them out of scope.
    await scan('Bananas');
    const bananas = await within(form).findByRole('group', { name: 'Bananas · Back room' });
    expect(within(bananas).getByText("Not in this stocktake's list")).toBeInTheDocument();
    expect(within(shelf).queryByText("Not in this stocktake's list")).not.toBeInTheDocument();
    await scan('9999999999999');
    expect(await within(form).findByText('No product has this barcode')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send counts' }));
    expect(await within(form).findByText('Counts sent: ST-0003')).toBeInTheDocument();
    const [op] = await world.ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'stocktake.count',
      args: {
        stocktake_id: STOCKTAKE,
        lines: [
          { product_id: CROISSANT.id, counted: '2.000', zone: null, replaces: null },
          { product_id: CROISSANT.id, counted: '12.000', zone: 'Back room', replaces: null },
          { product_id: BANANAS.id, counted: '1.000', zone: 'Back room', replaces: null },
        ],
      },
    });
  });
});

describe('[PUR-T13] Send counts', () => {
  test('sends only what changed since; a sent line changed goes again replacing it, after the dialog reopens too', async () => {
    const world = await openRegister('manager');
    const first = await openStocktake();
    await first.scan(CROISSANT.barcode ?? '');
    await first.user.click(within(first.form).getByRole('button', { name: 'Send counts' }));
    expect(await within(first.form).findByText('Counts sent: ST-0003')).toBeInTheDocument();
    await first.user.click(within(first.form).getByRole('button', { name: 'Send counts' }));
    expect(
      await within(first.form).findByText('Nothing has been counted since the last send'),
    ).toBeInTheDocument();
    await first.user.keyboard('{Escape}');
    const again = await openStocktake();
    const line = await within(again.form).findByRole('group', { name: 'Croissant' });
    const counted = within(line).getByLabelText('Counted');
    expect(counted).toHaveValue('1');
    await again.user.clear(counted);
    await again.user.type(counted, '7');
    await again.user.click(within(again.form).getByRole('button', { name: 'Send counts' }));
    expect(await within(again.form).findByText('Counts sent: ST-0003')).toBeInTheDocument();
    const ops = await world.ledger.outbox.toArray();
    expect(ops).toHaveLength(2);
    const sent = ops[0]?.args.lines as { id: string }[];
    const replacing = ops[1]?.args.lines as { id: string; counted: string; replaces: string | null }[];
    expect(replacing).toEqual([expect.objectContaining({ counted: '7.000', replaces: sent[0]?.id })]);
    expect(replacing[0]?.id).not.toBe(sent[0]?.id);
  });
});

describe('[PUR-T14] what the count shows as expected', () => {
  test('a blind count shows no expected quantity', async () => {
    await openRegister('manager');
    const { form, scan } = await openStocktake();
    await scan(CROISSANT.barcode ?? '');
    const line = await within(form).findByRole('group', { name: 'Croissant' });
    expect(within(line).queryByText('Expected here now')).not.toBeInTheDocument();
  });

  test("off, it shows the till's on-hand, pulled and pending, and never sends it", async () => {
    const world = await openRegister('manager', { blind_counts: false });
    const { user, form, scan } = await openStocktake();
    await scan(CROISSANT.barcode ?? '');
    const line = await within(form).findByRole('group', { name: 'Croissant' });
    expect(within(line).getByText('Expected here now').nextSibling).toHaveTextContent('10');
    await user.click(within(form).getByRole('button', { name: 'Send counts' }));
    expect(await within(form).findByText('Counts sent: ST-0003')).toBeInTheDocument();
    const [op] = await world.ledger.outbox.toArray();
    expect(JSON.stringify(op?.args)).not.toContain('expected');
  });
});
