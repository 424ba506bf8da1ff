// The register's shift check: with the shop's default ("require an open shift") and none open it shows
// "Open a shift first" with the opening form, then the register with the new shift's id; a shop that turned
// the setting off sells without a shift.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { MirrorDb } from '../../data/local/mirror-db';
import { ShiftGate, type ShiftState } from './shift-gate';
import { COMPANY, shiftsWorld, USER } from './shifts-test-world';

afterEach(cleanup);
// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

async function renderGate(companyRow: Record<string, unknown>, initial?: ShiftState) {
  const world = await shiftsWorld();
  const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
  await mirror.companies.put({ id: COMPANY, currency: 'EUR', ...companyRow });
  const sources = { ...world.deps, currency: 'EUR', mirror, userId: USER };
  const rootRoute = createRootRoute({
    component: () => (
      <ShiftGate sources={sources} terminal={world.terminal} {...(initial ? { initial } : {})}>
        {(shiftId) => <p>Register for shift {shiftId ?? 'none'}</p>}
      </ShiftGate>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return world;
}

describe('the register asks for a shift', () => {
  test('[SHIFT-6] required and none open: "Open a shift first", then the register carries the shift id', async () => {
    const user = userEvent.setup();
    const world = await renderGate({});
    const gate = await screen.findByRole('region', { name: 'Open a shift first' });
    await user.type(within(gate).getByLabelText('Opening float (EUR)'), '150');
    await user.click(within(gate).getByRole('button', { name: 'Open shift' }));
    const shift = await screen.findByText(/^Register for shift /);
    const open = await world.ledger.shifts.toArray();
    expect(open).toHaveLength(1);
    expect(shift).toHaveTextContent(`Register for shift ${open[0]?.id ?? '?'}`);
    expect(open[0]).toMatchObject({ opening_float: 15_000, cashier_id: USER });
  });

  test('[SHIFT-6] a shop that turned it off sells without a shift', async () => {
    await renderGate({ require_open_shift: false });
    expect(await screen.findByText('Register for shift none')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Open a shift first' })).not.toBeInTheDocument();
  });

  test("the loader's answer shows at once; the live read then decides", async () => {
    await renderGate({}, { shiftId: 'read-by-the-loader', required: true });
    expect(await screen.findByText('Register for shift read-by-the-loader')).toBeInTheDocument();
    // No shift is open in this till's ledger: the live read takes over and asks for one.
    expect(await screen.findByRole('region', { name: 'Open a shift first' })).toBeInTheDocument();
    // The register it showed stays mounted, hidden, so a sale in progress survives until a shift opens.
    expect(screen.getByText(/^Register for shift /)).not.toBeVisible();
  });
});
