// The sync page in Spanish (issue 35): card titles, the engine's status in words, relative times in the
// language's own words, the first sync's progress and the buttons come from the catalogue.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../lib/i18n/catalogs';
import { pinnedIds } from '../../domain/ids';
import { SyncEngine } from '../../data/sync/sync-engine';
import { freshLedger, freshMirror, testDeps, COMPANY_A } from '../../../tests/support/ledger-fixtures';
import { FakeSyncServer } from '../../../tests/support/fake-sync-remote';
import { SyncPage } from './sync-page';

afterEach(() => {
  cleanup();
  i18n.activate('en');
});

test('the sync page speaks Spanish: titles, status, times, progress and buttons', async () => {
  i18n.loadAndActivate({ locale: 'es', messages: await loadMessages('es') });
  const ledger = freshLedger();
  const mirror = freshMirror();
  const server = new FakeSyncServer();
  const engine = new SyncEngine({
    ledger,
    mirrorFor: () => mirror,
    remote: server.remote(),
    now: () => Date.now(),
    random: () => 0.5,
    isOnline: () => true,
  });
  const services = { ledger, engine, commandDeps: testDeps(ledger, pinnedIds()), syncNow: vi.fn() };
  render(<SyncPage sync={services} companyId={COMPANY_A} />);
  act(() => {
    engine.patchStatus({
      phase: 'waiting_retry',
      leader: false,
      lastSyncedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
      progress: { first: true, table: 'products', tablesDone: 5, tablesTotal: 8, rows: 120 },
    });
  });
  expect(screen.getByRole('heading', { name: 'Sincronización' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Pendiente de sincronizar' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Almacenamiento' })).toBeInTheDocument();
  expect(screen.getByText('No se pudo contactar con el servidor: se reintentará pronto')).toBeInTheDocument();
  expect(screen.getByText('Conectado')).toBeInTheDocument();
  expect(screen.getByText('Otra pestaña sincroniza')).toBeInTheDocument();
  expect(screen.getByText(/^hace 3 minutos/)).toBeInTheDocument();
  expect(screen.getByText('5 de 8 tipos de datos, 120 filas hasta ahora')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sincronizar ahora' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Exportar trabajo sin sincronizar' })).toBeInTheDocument();
  expect(
    await screen.findByText('Nada pendiente: todas las operaciones hechas aquí han llegado al servidor.'),
  ).toBeInTheDocument();
});
