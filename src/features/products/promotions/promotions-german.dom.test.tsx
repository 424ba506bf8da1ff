// Products → Promotions in German (issue 35's rule for every new screen): the list, the form and a problem
// checkPromotion finds are said in the manager's language. The other tests of this directory read English.
import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadMessages } from '../../../lib/i18n/catalogs';
import { withFakeLayout } from '../products-test-deps';
import { PromotionsPage } from './promotions-page';
import { promotionsWorld } from './promotions-test-deps';

vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();
afterEach(() => {
  cleanup();
  i18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });
});

test('[PROMO-14] the promotions list and form speak German, problems too', async () => {
  i18n.loadAndActivate({ locale: 'de', locales: ['de-DE'], messages: await loadMessages('de') });
  const world = await promotionsWorld();
  render(<PromotionsPage deps={world.deps} />);
  const user = userEvent.setup();
  expect(await screen.findByText('Noch keine Aktionen.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Neue Aktion' }));
  const form = screen.getByRole('form', { name: 'Neue Aktion' });
  await user.type(within(form).getByLabelText('Rabatt (%)'), '120');
  await user.click(within(form).getByRole('button', { name: 'Aktion hinzufügen' }));
  expect(within(form).getByText('Geben Sie einen Prozentsatz von 0 bis 100 ein.')).toBeInTheDocument();
  expect(
    within(form).getByText('Wählen Sie mindestens einen Artikel oder eine Kategorie.'),
  ).toBeInTheDocument();
  expect(world.book.calls).toEqual([]);
});
