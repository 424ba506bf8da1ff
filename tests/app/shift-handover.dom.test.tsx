// The shift handover on a shared till (issue 18, [HANDOVER-1]) against fake-indexeddb: the shared till's gate
// with the route's handover (the shifts screen's forms), the shift gate, and the register's 'Complete sale'
// with its shift check, wired as the register route wires them. Ann's shift is
// open when Cara unlocks; with shifts by cashier Cara cannot complete a sale on it, and 'Hand over shift'
// closes it with the cash she counts (a manager's PIN for a difference over the limit) and opens hers, on
// which she then sells. With shifts by drawer nothing is asked.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { useMemo, useState } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { CartStore } from '../../src/data/local/cart-store';
import type { TerminalIdentity } from '../../src/data/local/ledger-types';
import { writeSharedMode, SHARED_MODE_OFF } from '../../src/data/local/shared-till-meta';
import { openShift } from '../../src/data/ops/shift-open';
import { priceCart } from '../../src/domain/cart';
import { addProduct } from '../../src/domain/cart-edit';
import { ProductSearchIndex } from '../../src/domain/product-search';
import { units } from '../../src/domain/quantity';
import { productSnapshot } from '../../src/domain/snapshots';
import { COMPANY_A } from '../support/ledger-fixtures';
import { CROISSANT, RULES } from '../../src/features/register/register-test-deps';
import { registerDepsFor } from '../../src/features/register/register-wiring';
import { ShiftGate } from '../../src/features/shifts/shift-gate';
import { ApprovalDesk } from '../../src/features/shared-till/approval-desk';
import { sharedTillHooks } from '../../src/features/shared-till/register-hooks';
import type { SharedTillDeps } from '../../src/features/shared-till/shared-till-deps';
import { SharedTillGate } from '../../src/features/shared-till/shared-till-gate';
import { CARA, MAX, world } from '../../src/features/shared-till/shared-till-test-world';
import { shiftHandOverFor } from '../../src/routes/dashboard/-shift-handover';

afterEach(cleanup);
// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

const ANN = { id: 'a6000000-0000-4000-8000-000000000005', name: 'Ann' };

/** The register's 'Complete sale' for one croissant paid in cash, through the route's wiring. */
function Sell({
  deps,
  terminal,
  shiftId,
}: {
  deps: SharedTillDeps;
  terminal: TerminalIdentity;
  shiftId: string | null;
}) {
  const [said, setSaid] = useState('');
  const register = useMemo(() => {
    const products = [CROISSANT];
    const catalog = { index: new ProductSearchIndex(products), products, categories: [] };
    return registerDepsFor(
      {
        commandDeps: deps.commandDeps,
        mirror: deps.mirror,
        cartStore: new CartStore(`carts-${crypto.randomUUID()}`),
        cashierId: deps.userId,
        shiftId,
        ...sharedTillHooks(deps),
      },
      { kind: 'ready', catalog, rules: RULES, scaleLayouts: [], terminal },
    );
  }, [deps, terminal, shiftId]);
  const sell = async () => {
    const cart = addProduct({ lines: [] }, productSnapshot(CROISSANT), units(1), deps.commandDeps.ids());
    const sold = await register.completeSale(cart, priceCart(cart, RULES), [{ method: 'cash', amount: 250 }]);
    setSaid(sold.ok ? `Sold ${sold.value.receiptNo}` : sold.error.message);
  };
  return (
    <>
      <p>Selling on shift {shiftId ?? 'none'}</p>
      <button type="button" onClick={() => void sell()}>
        Complete sale
      </button>
      <output aria-label="Sale">{said}</output>
    </>
  );
}

/** Ann's shift open with a 100.00 float, Cara unlocked at the counter, the register behind the gate. */
async function handOverWorld(shiftMode: 'cashier' | 'drawer') {
  const till = await world();
  const { deps, ledger, session, keys, terminal } = till;
  await writeSharedMode(ledger, { ...SHARED_MODE_OFF, on: true });
  await deps.mirror.companies.put({
    id: COMPANY_A,
    currency: 'EUR',
    shift_mode: shiftMode,
    lock_idle_minutes: 0,
    cash_difference_limit: 500,
    approve_shift_difference_over: 1000,
  });
  await deps.mirror.staff.put({
    id: ANN.id,
    company_id: COMPANY_A,
    user_id: null,
    name: ANN.name,
    role: 'cashier',
    active: true,
    pin_salt: null,
    pin_iterations: null,
    pin_verifier: null,
  });
  const annShift = deps.commandDeps.ids();
  const opened = await openShift(deps.commandDeps, {
    companyId: COMPANY_A,
    openingFloat: 10_000,
    cashierId: null,
    id: annShift,
    stamp: { cashier_id: ANN.id },
  });
  expect(opened.ok).toBe(true);
  session.unlock({ id: CARA.id, name: 'Cara', role: 'cashier', key: keys.get(CARA.id) ?? '' });
  const desk = new ApprovalDesk(session);
  // As the register route wires them, with this test's desk for the manager's PIN.
  const hooks = { ...sharedTillHooks(deps), approve: desk.ask };
  const sources = { ...deps, currency: 'EUR', signCashier: hooks.signCashier };
  const handOver = shiftHandOverFor(deps, hooks, { currency: 'EUR', role: 'manager' });
  // A router, for the shift gate's link to the Shifts screen while no shift is open.
  const rootRoute = createRootRoute({
    component: () => (
      <SharedTillGate deps={deps} desk={desk} handOver={handOver}>
        <ShiftGate sources={sources} terminal={terminal}>
          {(shiftId) => <Sell deps={deps} terminal={terminal} shiftId={shiftId} />}
        </ShiftGate>
      </SharedTillGate>
    ),
  });
  const history = createMemoryHistory({ initialEntries: ['/'] });
  render(<RouterProvider router={createRouter({ routeTree: rootRoute, history })} />);
  await screen.findByText(`Selling on shift ${annShift}`);
  return { ...till, annShift };
}

/** Presses 'Complete sale' and answers what the register said (each press here says something new). */
async function completeSale(): Promise<string> {
  const said = screen.getByRole('status', { name: 'Sale' });
  const before = said.textContent;
  await userEvent.setup().click(screen.getByRole('button', { name: 'Complete sale' }));
  await waitFor(() => {
    expect(said.textContent).not.toBe(before);
  });
  return said.textContent;
}

describe('the shift handover (shifts by cashier)', () => {
  test('[HANDOVER-1] Cara cannot sell on Ann’s shift; handing it over closes it with her count and opens hers, and she sells', async () => {
    const { deps, ledger, annShift } = await handOverWorld('cashier');
    const user = userEvent.setup();
    expect(await screen.findByText("The open shift is Ann's")).toBeInTheDocument();
    expect(await completeSale()).toMatch(/^The open shift is Ann's\. Press 'Hand over shift'/);
    expect(await ledger.sales.count()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Hand over shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over shift' });
    expect(within(dialog).getByText('€100.00')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Counted cash (EUR)'), '99');
    await user.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    expect(await within(dialog).findByText("Ann's shift is closed")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Opening float (EUR)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Open shift' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Hand over shift' })).not.toBeInTheDocument();
    });

    // Ann's shift keeps its cashier (its X/Z name her); the close says Cara counted it.
    expect(await ledger.shifts.get(annShift)).toMatchObject({ cashier_id: ANN.id, counted_cash: 9900 });
    const open = (await ledger.shifts.toArray()).filter((shift) => shift.closed_at === null);
    expect(open).toEqual([expect.objectContaining({ cashier_id: CARA.id, opening_float: 5000 })]);
    const ops = await ledger.outbox.orderBy('seq').toArray();
    const close = ops.find((op) => op.name === 'shift.close');
    expect(close?.args).toMatchObject({ id: annShift, counted_cash: 9900, cashier_id: CARA.id });
    expect(close?.args.cashier_proof).toEqual(expect.any(String));
    expect(close?.args).not.toHaveProperty('approval');
    const cara = open[0]?.id ?? '';

    expect(screen.queryByText("The open shift is Ann's")).not.toBeInTheDocument();
    await screen.findByText(`Selling on shift ${cara}`);
    // The register stayed mounted through the handover (no shift was open for a moment): what it said stays.
    expect(screen.getByRole('status', { name: 'Sale' })).toHaveTextContent(/^The open shift is Ann's\./);
    expect(await completeSale()).toBe('Sold T7-000001');
    expect(await ledger.sales.toArray()).toEqual([
      expect.objectContaining({ shift_id: cara, cashier_id: CARA.id }),
    ]);
    expect(deps.session.get().who?.id).toBe(CARA.id);
  });

  test('a difference over the shop’s limit asks a manager’s PIN; the close carries the approval', async () => {
    const { ledger, annShift } = await handOverWorld('cashier');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hand over shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over shift' });
    await user.type(within(dialog).getByLabelText('Counted cash (EUR)'), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve a cash difference' });
    expect(within(approve).getByText('Close the shift €20.00 short.')).toBeInTheDocument();
    await user.type(within(approve).getByLabelText('PIN'), MAX.pin);
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText("Ann's shift is closed")).toBeInTheDocument();
    const close = (await ledger.outbox.toArray()).find((op) => op.name === 'shift.close');
    expect(close?.args).toMatchObject({
      id: annShift,
      counted_cash: 8000,
      cashier_id: CARA.id,
      approval: { by: MAX.id, action: 'shift_difference' },
    });
  });
});

describe('shifts by drawer', () => {
  test('nothing changes: no handover is offered and Cara sells on the open shift', async () => {
    const { ledger, annShift } = await handOverWorld('drawer');
    expect(await completeSale()).toBe('Sold T7-000001');
    expect(screen.queryByRole('button', { name: 'Hand over shift' })).not.toBeInTheDocument();
    expect(await ledger.sales.toArray()).toEqual([
      expect.objectContaining({ shift_id: annShift, cashier_id: CARA.id }),
    ]);
  });
});
