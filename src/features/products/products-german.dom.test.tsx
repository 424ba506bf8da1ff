// The products screen in German (issue 35): the list, its filters and the product form speak the manager's
// language, and a mistake in the form is said in German too. The other tests of this directory read English.
import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadMessages } from '../../lib/i18n/catalogs';
import { ProductsPage } from './products-page';
import { productsWorld, withFakeLayout } from './products-test-deps';

vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();
afterEach(() => {
  cleanup();
  i18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });
});

test('the list, the filters and the product form speak German', async () => {
  i18n.loadAndActivate({ locale: 'de', locales: ['de-DE'], messages: await loadMessages('de') });
  const world = await productsWorld();
  render(<ProductsPage deps={world.deps} />);
  const user = userEvent.setup();
  expect(await screen.findByRole('button', { name: 'Neuer Artikel' })).toBeInTheDocument();
  expect(screen.getByLabelText('Name, Art.-Nr. oder Barcode suchen')).toBeInTheDocument();
  expect(screen.getByText('Nur niedriger Bestand')).toBeInTheDocument();
  expect(screen.getByLabelText('Bestandswert')).toHaveTextContent(/^Bestandswert: .* zum Einkaufspreis/);
  const table = screen.getByRole('table', { name: 'Artikel' });
  expect(within(table).getByRole('columnheader', { name: 'Bestand' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Neuer Artikel' }));
  const form = screen.getByRole('form', { name: 'Neuer Artikel' });
  expect(within(form).getByLabelText('Meldebestand')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('Preis (EUR)'), '-1');
  await user.click(within(form).getByRole('button', { name: 'Artikel anlegen' }));
  expect(within(form).getByText('Geben Sie einen Namen ein.')).toBeInTheDocument();
  expect(within(form).getByText('Der Preis darf nicht negativ sein.')).toBeInTheDocument();
  expect(world.writer.calls).toEqual([]);
});
