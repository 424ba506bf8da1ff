// The shifts screen in Spanish (issue 35): the open shift's figures and actions, the X report's details and
// the managers' history read in the person's language; till codes and names stay as they are.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { openShift } from '../../data/ops/shift-open';
import { activateLocale } from '../../lib/i18n/activate';
import { ShiftsPage } from './shifts-page';
import { SERVER_SHIFT, shiftsWorld, USER } from './shifts-test-world';

beforeEach(async () => {
  await act(() => activateLocale('es'));
});
afterEach(async () => {
  cleanup();
  await act(() => activateLocale('en'));
});

describe('the shifts screen in Spanish', () => {
  test('an owner’s open shift, its X report, the history and the shift settings', async () => {
    const user = userEvent.setup();
    const world = await shiftsWorld({ role: 'owner', server: [SERVER_SHIFT] });
    const opened = await openShift(world.commandDeps, {
      companyId: world.deps.companyId,
      openingFloat: 10_000,
      cashierId: USER,
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ShiftsPage deps={world.deps} terminal={world.terminal} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Turno abierto en Counter' })).toBeInTheDocument();
    expect(screen.getByText('Esperado en el cajón')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contar y cerrar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Informe X' }));
    const report = await screen.findByRole('region', { name: 'Informe X' });
    expect(within(report).getByText('Caja')).toBeInTheDocument();
    expect(within(report).getByText('Counter (T7)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ocultar informe X' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Historial de turnos' });
    await within(table).findByText('Cass Cashier');
    expect(within(table).getByRole('columnheader', { name: 'Efectivo contado' })).toBeInTheDocument();
    expect(within(table).getByText('Aún sin sincronizar')).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: /^Autorizar la diferencia de efectivo de T2/ }),
    ).toBeInTheDocument();
    expect(within(table).getByText(/^Faltan /)).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Ajustes de turnos' })).toBeInTheDocument();
    expect(screen.getByLabelText('Exigir un turno abierto para vender')).toBeChecked();
  });
});
