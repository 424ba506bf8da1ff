// The shifts screen on one till: opening with a float counted by denomination, pay-outs, the X report with
// its unsynced figures, closing short over the company's limit (a cashier's close waits for a manager; a
// manager's close approves), the Z report, and the managers' history merged with this device's shifts.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { closeShift } from '../../data/ops/shift-close';
import { openShift } from '../../data/ops/shift-open';
import { ShiftsPage } from './shifts-page';
import { sell, SERVER_SHIFT, shiftsWorld, USER } from './shifts-test-world';

afterEach(cleanup);
// jsdom has no scrolling; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

/** The page inside a router, for the Register link a device that is not a till shows. */
function withRouter(children: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => children }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return <RouterProvider router={router} />;
}

function withQuery(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

async function withOpenShift(options: Parameters<typeof shiftsWorld>[0] = {}) {
  const world = await shiftsWorld(options);
  const opened = await openShift(world.commandDeps, {
    companyId: world.deps.companyId,
    openingFloat: 10_000,
    cashierId: USER,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  return { ...world, shift: opened.value };
}

describe('the shifts screen', () => {
  test('[SHIFT-1] [CASHUP-1] opens a shift with a float counted by note and coin, offline', async () => {
    const user = userEvent.setup();
    const world = await shiftsWorld();
    render(withQuery(<ShiftsPage deps={world.deps} terminal={world.terminal} />));
    await user.click(await screen.findByLabelText('Count by note and coin'));
    await user.type(screen.getByLabelText('€50.00 notes'), '1');
    await user.type(screen.getByLabelText('€20.00 notes'), '2');
    await user.type(screen.getByLabelText('€0.50 coins'), '3');
    expect(screen.getByText('Counted: €91.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open shift' }));
    await screen.findByRole('heading', { name: 'Shift open on Counter' });
    expect(screen.getByTestId('expected-cash')).toHaveTextContent('€91.50');
    const ops = await world.ledger.outbox.toArray();
    expect(ops.map((op) => [op.name, op.args.opening_float])).toEqual([['shift.open', 9150]]);
  });

  test('[CASHUP-1] a count that is not whole pieces is not an amount', async () => {
    const user = userEvent.setup();
    const world = await shiftsWorld();
    render(withQuery(<ShiftsPage deps={world.deps} terminal={world.terminal} />));
    await user.click(await screen.findByLabelText('Count by note and coin'));
    await user.type(screen.getByLabelText('€10.00 notes'), '1.5');
    expect(screen.getByText('Enter whole numbers of pieces.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open shift' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the opening float');
    expect(await world.ledger.shifts.count()).toBe(0);
  });

  test('[SHIFT-5] [CASHUP-6] [CASHUP-7] pay-out with a reason; the X report sums the shift and names what is unsynced', async () => {
    const user = userEvent.setup();
    const world = await withOpenShift();
    await sell(world.commandDeps, world.shift.id, 730, { method: 'cash', tendered: 1000 });
    await sell(world.commandDeps, world.shift.id, 1200, { method: 'card' });
    await sell(world.commandDeps, null, 999, { method: 'cash', tendered: 999 });
    render(withQuery(<ShiftsPage deps={world.deps} terminal={world.terminal} />));
    await waitFor(() => {
      expect(screen.getByTestId('expected-cash')).toHaveTextContent('€107.30');
    });
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Say why');
    await user.type(screen.getByLabelText('Reason'), 'Window cleaner');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await screen.findByText('Pay-out recorded.');
    await waitFor(() => {
      expect(screen.getByTestId('expected-cash')).toHaveTextContent('€102.30');
    });
    await user.click(screen.getByRole('button', { name: 'X report' }));
    const report = screen.getByRole('region', { name: 'X report' });
    expect(within(report).getByText('Sales (2)').nextSibling).toHaveTextContent('€19.30');
    expect(within(report).getByText('Card').nextSibling).toHaveTextContent('€12.00');
    expect(within(report).getByText('Pay-outs').nextSibling).toHaveTextContent('-€5.00');
    expect(within(report).getByText('20.00 % on €16.08').nextSibling).toHaveTextContent('€3.22');
    expect(within(report).getByRole('note')).toHaveTextContent(
      "Not synced yet: 4 of this shift's operations are only on this device (2 sales, 1 pay-in/out, 1 shift opening/closing)",
    );
    const move = (await world.ledger.outbox.toArray()).find((op) => op.name === 'cash.move');
    expect(move?.args).toMatchObject({ kind: 'pay_out', amount: 500, reason: 'Window cleaner' });
  });

  test('[FLAGUI-5] the X report names the card taken on an external terminal apart, as unverified', async () => {
    const user = userEvent.setup();
    const world = await withOpenShift();
    await sell(world.commandDeps, world.shift.id, 1200, { method: 'card', reference: 'pi_3Reader' });
    await sell(world.commandDeps, world.shift.id, 450, { method: 'card', reference: 'SLIP 0042' });
    await sell(world.commandDeps, world.shift.id, 300, { method: 'card' });
    render(withQuery(<ShiftsPage deps={world.deps} terminal={world.terminal} />));
    await user.click(await screen.findByRole('button', { name: 'X report' }));
    const report = screen.getByRole('region', { name: 'X report' });
    expect(within(report).getByText('Card').nextSibling).toHaveTextContent('€19.50');
    expect(within(report).getByText('Unverified card: external terminal (2)').nextSibling).toHaveTextContent(
      '€7.50',
    );
  });

  test('[CASHUP-2] [CASHUP-8] a cashier closes short over the limit: recorded as needing approval, Z report', async () => {
    const user = userEvent.setup();
    const world = await withOpenShift({ role: 'cashier', limit: 500 });
    await sell(world.commandDeps, world.shift.id, 730, { method: 'cash', tendered: 1000 });
    // The reports name the shift's cashier as the staff list has them.
    const deps = {
      ...world.deps,
      cashierName: (id: string) => Promise.resolve(id === USER ? 'Cass Cashier' : null),
    };
    render(withQuery(<ShiftsPage deps={deps} terminal={world.terminal} />));
    await user.click(await screen.findByRole('button', { name: 'Count and close' }));
    await user.type(screen.getByLabelText('Counted cash (EUR)'), '100');
    expect(screen.getByText('Short €7.30')).toBeInTheDocument();
    expect(screen.getByText(/closes as needing a manager's approval/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close shift' }));
    const report = await screen.findByRole('region', { name: 'Z report' });
    expect(within(report).getByText('Expected in drawer').nextSibling).toHaveTextContent('€107.30');
    expect(within(report).getByText('Counted').nextSibling).toHaveTextContent('€100.00');
    expect(within(report).getByText('Short').nextSibling).toHaveTextContent('€7.30');
    expect(within(report).getByText('Cashier').nextSibling).toHaveTextContent('Cass Cashier');
    const close = (await world.ledger.outbox.toArray()).find((op) => op.name === 'shift.close');
    expect(close?.args).toMatchObject({ counted_cash: 10_000 });
    expect(close?.args).not.toHaveProperty('approved_by');
  });

  test('[SHIFT-7] [CASHUP-8] a manager closing over the limit approves it; within the limit nothing is asked', async () => {
    const user = userEvent.setup();
    const world = await withOpenShift({ role: 'manager', limit: 500 });
    render(withQuery(<ShiftsPage deps={world.deps} terminal={world.terminal} />));
    await user.click(await screen.findByRole('button', { name: 'Count and close' }));
    await user.type(screen.getByLabelText('Counted cash (EUR)'), '99');
    expect(screen.queryByText(/over the shop's limit/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Counted cash (EUR)'));
    await user.type(screen.getByLabelText('Counted cash (EUR)'), '90');
    expect(screen.getByText(/Closing records your approval as manager/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve and close' }));
    await screen.findByRole('region', { name: 'Z report' });
    const close = (await world.ledger.outbox.toArray()).find((op) => op.name === 'shift.close');
    expect(close?.args).toMatchObject({ counted_cash: 9_000, approved_by: USER });
    expect((await world.ledger.shifts.get(world.shift.id))?.approved_by).toBe(USER);
  });

  test('[SHIFT-8] managers see history per till and cashier, this device’s unsynced shift merged in, and approve', async () => {
    const user = userEvent.setup();
    const world = await withOpenShift({ role: 'manager', server: [SERVER_SHIFT] });
    render(withQuery(<ShiftsPage deps={world.deps} terminal={world.terminal} />));
    const table = await screen.findByRole('table');
    await within(table).findByText('Cass Cashier');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('T7');
    expect(rows[1]).toHaveTextContent('You');
    expect(rows[1]).toHaveTextContent('Not synced yet');
    expect(rows[2]).toHaveTextContent('T2');
    expect(rows[2]).toHaveTextContent('€90.00Expected €100.00Short €10.00');
    expect(rows[2]).toHaveTextContent('A €10 note went to the baker');

    await user.click(within(table).getByRole('button', { name: /Approve the cash difference of T2/ }));
    const question = await screen.findByRole('dialog', { name: 'Approve the cash difference?' });
    expect(question).toHaveTextContent(
      'Counted by Cass Cashier: €90.00 in the drawer against €100.00 expected — Short €10.00.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(world.approved).toEqual([]);

    await user.click(within(table).getByRole('button', { name: /Approve the cash difference of T2/ }));
    await user.click(await screen.findByRole('button', { name: 'Approve difference' }));
    await waitFor(() => {
      expect(world.approved).toEqual(['server-shift-1']);
    });
  });

  test('a past Z report reopens from the history: in full for this till’s shift, in short for another till’s; both show the closing note', async () => {
    const user = userEvent.setup();
    const world = await withOpenShift({ role: 'manager', server: [SERVER_SHIFT] });
    await sell(world.commandDeps, world.shift.id, 730, { method: 'cash', tendered: 1000 });
    const closed = await closeShift(world.commandDeps, {
      shiftId: world.shift.id,
      countedCash: 10_730,
      note: 'All good',
      approvedBy: null,
    });
    if (!closed.ok) throw new Error(closed.error.message);
    render(withQuery(<ShiftsPage deps={world.deps} terminal={world.terminal} />));
    const table = await screen.findByRole('table');
    await within(table).findByText('Cass Cashier');

    await user.click(within(table).getByRole('button', { name: /^Z report of T7/ }));
    let report = await screen.findByRole('region', { name: 'Z report' });
    expect(within(report).getByText('Closing note').nextSibling).toHaveTextContent('All good');
    expect(within(report).getByText('Sales (1)').nextSibling).toHaveTextContent('€7.30');
    expect(within(report).getByRole('heading', { name: 'Z report' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Done' }));

    const again = await screen.findByRole('table');
    await user.click(await within(again).findByRole('button', { name: /^Z report of T2/ }));
    report = await screen.findByRole('region', { name: 'Z report' });
    expect(within(report).getByText('Counted by').nextSibling).toHaveTextContent('Cass Cashier');
    expect(within(report).getByText('Difference').nextSibling).toHaveTextContent('Short €10.00');
    expect(within(report).getByText('Closing note').nextSibling).toHaveTextContent(
      'A €10 note went to the baker',
    );
    expect(within(report).getByRole('button', { name: 'Print report' })).toBeInTheDocument();
  });

  test('on a device that is not a till, managers see the history first and the set-up hint below it', async () => {
    const world = await shiftsWorld({ role: 'manager', server: [SERVER_SHIFT] });
    render(withQuery(withRouter(<ShiftsPage deps={world.deps} terminal={null} />)));
    const history = await screen.findByRole('heading', { name: 'Shift history' });
    expect(screen.queryByRole('heading', { name: 'Set up this till first' })).not.toBeInTheDocument();
    const hint = screen.getByText('Not a till.').closest('p');
    expect(hint).not.toBeNull();
    expect(history.compareDocumentPosition(hint ?? history) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    const cashier = await shiftsWorld({ role: 'cashier' });
    render(withQuery(withRouter(<ShiftsPage deps={cashier.deps} terminal={null} />)));
    expect(await screen.findByRole('heading', { name: 'Set up this till first' })).toBeInTheDocument();
  });

  test('cashiers do not see the history; owners also get the shift settings', async () => {
    const cashier = await shiftsWorld({ role: 'cashier' });
    render(withQuery(<ShiftsPage deps={cashier.deps} terminal={cashier.terminal} />));
    await screen.findByRole('button', { name: 'Open shift' });
    expect(screen.queryByRole('heading', { name: 'Shift history' })).not.toBeInTheDocument();
    cleanup();
    const user = userEvent.setup();
    const owner = await shiftsWorld({ role: 'owner' });
    render(withQuery(<ShiftsPage deps={owner.deps} terminal={owner.terminal} />));
    await screen.findByRole('heading', { name: 'Shift history' });
    await user.click(screen.getByLabelText('Require an open shift to sell'));
    const limit = screen.getByLabelText("Cash difference needing a manager's approval (EUR)");
    await user.clear(limit);
    await user.type(limit, '2,50');
    await user.click(screen.getByRole('button', { name: 'Save shift settings' }));
    await screen.findByText(/Saved: selling without a shift is allowed/);
    expect(owner.saved).toEqual([{ requireOpenShift: false, cashDifferenceLimit: 250 }]);
  });
});
