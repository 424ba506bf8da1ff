// Today at a glance and the report in German (issue 35): the panels' titles, figures in words, the payment
// mix's tender names, the Low stock card, the comparison with last week and the CSV's column headers come from
// the back-office catalogue, in the person's language.
import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { DayFigures, Glance, RangeReport } from '../../data/remote/reports';
import { loadMessages } from '../../lib/i18n/catalogs';
import { comparedWithLastWeek } from './figures';
import { GlancePanels } from './glance-panels';
import { reportCsv } from './report-csv';

afterEach(() => {
  cleanup();
  i18n.activate('en');
});
window.scrollTo = () => undefined;

const day = (date: string, salesCount = 0, netTotal = 0): DayFigures => ({
  day: date,
  salesCount,
  salesTotal: netTotal,
  refundsCount: 0,
  refundsTotal: 0,
  taxTotal: 0,
  netTotal,
});

const glance: Glance = {
  today: day('2026-11-25', 3, 1250),
  margin: { netSales: 0, costedNet: 0, costTotal: 0, uncostedNet: 0, uncostedLines: 0 },
  lastWeek: day('2026-11-18'),
  hours: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    salesCount: hour === 9 ? 3 : 0,
    netTotal: hour === 9 ? 1250 : 0,
  })),
  topProducts: [{ productId: 'p1', name: 'Espresso', quantity: 3, netTotal: 1250 }],
  paymentMix: [{ method: 'cash', count: 3, netAmount: 1250 }],
  lowStock: Array.from({ length: 9 }, (_, i) => ({
    storeId: 's1',
    productId: `p${String(i)}`,
    name: `Dinkelmehl ${String(i)}`,
    sku: null,
    onHand: 1,
    reorderLevel: 5,
  })),
};

test('today at a glance speaks German: panels, figures, tenders, low stock and the comparison', async () => {
  i18n.loadAndActivate({ locale: 'de', messages: await loadMessages('de') });
  const rootRoute = createRootRoute({ component: () => <GlancePanels glance={glance} currency="EUR" /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
  });
  render(<RouterProvider router={router} />);
  const lowStock = await screen.findByRole('region', { name: 'Niedriger Bestand' });
  expect(within(lowStock).getByRole('columnheader', { name: 'Artikel' })).toBeInTheDocument();
  expect(within(lowStock).getByText('8 von 9.')).toBeInTheDocument();
  expect(within(lowStock).getByRole('link', { name: 'Alle ansehen' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Verkäufe pro Stunde' })).toHaveTextContent(/aus 3 Verkäufen/);
  const top = screen.getByRole('region', { name: 'Top-Artikel' });
  expect(within(top).getByText(/· 3 verkauft$/)).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Zahlungsarten' })).getByText('Bar')).toBeInTheDocument();
  expect(comparedWithLastWeek(1120, 1000, '2026-11-14')).toBe('+12 % gegenüber letztem Samstag.');
});

test('the report CSV is headed in German', async () => {
  i18n.loadAndActivate({ locale: 'de', messages: await loadMessages('de') });
  const report = {
    from: '2026-11-20',
    to: '2026-11-20',
    days: [day('2026-11-20')],
  } as unknown as RangeReport;
  expect(reportCsv(report, 'days', 'EUR').split(/\r?\n/)[0]).toBe(
    'Tag,Verkäufe,Verkaufssumme,Erstattungen,Summe der Erstattungen,MwSt.,Nettosumme',
  );
});
