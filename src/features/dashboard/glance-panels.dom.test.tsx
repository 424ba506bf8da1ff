// Today's detail panels: the Low stock card keeps one line per product with its figures in their own
// columns and links to the whole low-stock list; an empty "Sales by hour" says so in words; chart labels are
// HTML under the bars, never stretched SVG text.
import '@testing-library/jest-dom/vitest';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { DayFigures, Glance, LowStockRow } from '../../data/remote/reports';
import { GlancePanels } from './glance-panels';

afterEach(cleanup);
window.scrollTo = () => undefined;

const day = (date: string): DayFigures => ({
  day: date,
  salesCount: 0,
  salesTotal: 0,
  refundsCount: 0,
  refundsTotal: 0,
  taxTotal: 0,
  netTotal: 0,
});

function lowStock(count: number): LowStockRow[] {
  return Array.from({ length: count }, (_, i) => ({
    storeId: 's1',
    productId: `p${String(i)}`,
    name: `Organic stone-ground wholemeal spelt flour, 1 kg bag no. ${String(i)}`,
    sku: null,
    onHand: i - 10,
    reorderLevel: 10,
  }));
}

function glance(fields: Partial<Glance>): Glance {
  return {
    today: day('2026-11-25'),
    margin: { netSales: 0, costedNet: 0, costTotal: 0, uncostedNet: 0, uncostedLines: 0 },
    lastWeek: day('2026-11-18'),
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, salesCount: 0, netTotal: 0 })),
    topProducts: [],
    paymentMix: [],
    lowStock: [],
    ...fields,
  };
}

async function show(value: Glance) {
  const rootRoute = createRootRoute({ component: () => <GlancePanels glance={value} currency="EUR" /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
  });
  const view = render(<RouterProvider router={router} />);
  await screen.findByRole('region', { name: 'Low stock' });
  return view;
}

describe('today at a glance, in detail', () => {
  test('Low stock: eight products, one line each, figures in their own cells, and See all', async () => {
    await show(glance({ lowStock: lowStock(17) }));
    const card = screen.getByRole('region', { name: 'Low stock' });
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    const first = rows[0];
    if (!first) throw new Error('no first row');
    const name = within(first).getByRole('rowheader');
    expect(name).toHaveAttribute('title', 'Organic stone-ground wholemeal spelt flour, 1 kg bag no. 0');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['-10', '10']);
    expect(within(card).getByText('8 of 17.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See all' })).toHaveAttribute(
      'href',
      '/dashboard/products?stock=low',
    );
  });

  test('Low stock: no See all when every product is shown', async () => {
    await show(glance({ lowStock: lowStock(3) }));
    const card = screen.getByRole('region', { name: 'Low stock' });
    expect(within(card).getAllByRole('row')).toHaveLength(4);
    expect(within(card).queryByRole('link')).toBeNull();
  });

  test('an empty Sales by hour says there are no sales yet, instead of a blank box', async () => {
    const view = await show(glance({}));
    const chart = screen.getByRole('region', { name: 'Sales by hour' });
    expect(within(chart).getByText('No sales yet today.')).toBeInTheDocument();
    expect(view.container.querySelector('svg')).toBeNull();
  });

  test('the hour labels are HTML under the bars, not SVG text the chart would stretch', async () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      salesCount: hour === 9 ? 3 : 0,
      netTotal: hour === 9 ? 1250 : 0,
    }));
    const view = await show(glance({ hours }));
    const svg = view.container.querySelector('svg');
    expect(svg).toHaveAttribute('preserveAspectRatio', 'none');
    expect(svg?.querySelector('text')).toBeNull();
    const labels = view.container.querySelectorAll('.bar-chart__label');
    expect([...labels].map((label) => label.textContent)).toEqual(
      Array.from({ length: 11 }, (_, i) => String(i + 8).padStart(2, '0')),
    );
  });
});
