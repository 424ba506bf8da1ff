// The products list: mirror rows with price, category, on hand and status; search by name, SKU and barcode;
// category, low-stock and archived filters; read-only for cashiers; CSV export of what is shown; and a
// 50,000-product mirror that renders only the rows in view.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductsPage } from './products-page';
import {
  BAGUETTE,
  COMPANY,
  CROISSANT,
  fakeLayout,
  product,
  productsWorld,
  STORE,
  TSHIRT,
  TSHIRT_M,
  TSHIRT_S,
} from './products-test-deps';

afterEach(cleanup);
// Typing and seeding take seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
let restoreLayout: () => void;
beforeAll(() => {
  restoreLayout = fakeLayout();
});
afterAll(() => {
  restoreLayout();
});

function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').slice(1);
}

function rowAt(index: number): HTMLElement {
  const row = bodyRows()[index];
  if (!row) throw new Error(`no row ${String(index)}`);
  return row;
}

function names(): string[] {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('the list', () => {
  test('shows active products in name order with price, cost, tax, category, on hand, value and status', async () => {
    const world = await productsWorld();
    render(<ProductsPage deps={world.deps} />);
    await screen.findByRole('table', { name: 'Products' });
    expect(names()).toEqual(['Baguette', 'Croissant', 'Green tea']);
    const cells = within(rowAt(1))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 10)).toEqual([
      'Croissant',
      'CRO-1',
      '4006381333931',
      'Bakery',
      '€2.50',
      '€1.10',
      '20 %',
      '4 Low',
      '€4.40',
      'Active',
    ]);
    const tea = within(rowAt(2))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(tea.slice(3, 9)).toEqual(['Drinks', '€3.20', '', '5.5 %', 'Not tracked', '']);
  });

  test('Price, Tax, On hand and Status are never cut: each is as wide as its longest value', async () => {
    const world = await productsWorld({ products: [{ ...CROISSANT, price: 123_456_78 }, BAGUETTE] });
    render(<ProductsPage deps={world.deps} />);
    const table = await screen.findByRole('table', { name: 'Products' });
    const headers = within(table).getAllByRole('columnheader');
    const widthInCh = (name: string) => {
      const header = headers.find((cell) => cell.textContent === name);
      const match = /^calc\((\d+)ch \+ 1rem\)$/.exec(header?.style.width ?? '');
      return Number(match?.[1] ?? 0);
    };
    const longest = (column: number) =>
      Math.max(...bodyRows().map((row) => within(row).getAllByRole('cell')[column]?.textContent.length ?? 0));
    expect(longest(4)).toBe('€123,456.78'.length);
    expect(widthInCh('Price')).toBeGreaterThan(longest(4));
    expect(widthInCh('Tax')).toBeGreaterThan(longest(6));
    expect(widthInCh('Cost')).toBeGreaterThan(longest(5));
    expect(widthInCh('Value at cost')).toBeGreaterThan(longest(8));
    expect(widthInCh('On hand')).toBeGreaterThan('Not tracked'.length);
    expect(widthInCh('Status')).toBeGreaterThan('Archived'.length);
    // The text columns share the rest: no fixed width on Barcode.
    expect(headers.find((cell) => cell.textContent === 'Barcode')?.style.width).toBe('');
  });

  test('search finds by name, SKU and barcode', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    const search = await screen.findByLabelText('Search name, SKU or barcode');
    await user.type(search, 'tea');
    expect(names()).toEqual(['Green tea']);
    await user.clear(search);
    await user.type(search, 'cro-1');
    expect(names()).toEqual(['Croissant']);
    await user.clear(search);
    await user.type(search, '5000000000017');
    expect(names()).toEqual(['Green tea']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByText('No products match these filters.')).toBeInTheDocument();
  });

  test('filters by category, low stock and archived', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Category'), 'Bakery');
    expect(names()).toEqual(['Croissant']);
    await user.click(screen.getByLabelText('Show archived'));
    expect(names()).toEqual(['Croissant', 'Old bun']);
    expect(within(rowAt(1)).getByText('Archived')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'No category');
    expect(names()).toEqual(['Baguette']);
    await user.selectOptions(screen.getByLabelText('Category'), 'All categories');
    await user.click(screen.getByLabelText('Low stock only'));
    expect(names()).toEqual(['Croissant']);
    expect(screen.getByText('1 of 4 products')).toBeInTheDocument();
  });

  test('opens filtered to low stock when asked (the dashboard\'s "See all")', async () => {
    const world = await productsWorld();
    render(<ProductsPage deps={world.deps} lowStockOnly />);
    await screen.findByRole('table');
    expect(names()).toEqual(['Croissant']);
    expect(screen.getByLabelText('Low stock only')).toBeChecked();
  });

  test('follows pulls: a product changed in the mirror shows without reloading', async () => {
    const world = await productsWorld();
    render(<ProductsPage deps={world.deps} />);
    await screen.findByText('€2.50');
    await world.mirror.products.put({ ...CROISSANT, price: 275 });
    expect(await screen.findByText('€2.75')).toBeInTheDocument();
  });

  test('cashiers read the list but get no edit controls', async () => {
    const world = await productsWorld({ role: 'cashier' });
    render(<ProductsPage deps={world.deps} />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'New product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.getByText(/managers and owners change them/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  test('[VALUE-1] the stock value of the products shown, at cost and at price, names those without a cost', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await screen.findByRole('table');
    // Croissant 4 × €1.10 at cost and 4 × €2.50 at price; Baguette 30 × €1.20 at price, no cost; tea untracked.
    expect(screen.getByLabelText('Stock value')).toHaveTextContent(
      'Stock value: €4.40 at cost, €46.00 at price (1 product in stock without a cost, not counted at cost).',
    );
    await user.type(screen.getByLabelText('Search name, SKU or barcode'), 'Croissant');
    await waitFor(() => {
      expect(screen.getByLabelText('Stock value')).toHaveTextContent(
        'Stock value: €4.40 at cost, €10.00 at price.',
      );
    });
  });

  test('[PSTOCK-T2] a parent is never low and its own stock is not valued: its variants are', async () => {
    // The T-shirt and its variants reorder at 2 (variants inherit it); S holds 5, M holds 1 (low, no cost), and
    // the parent itself a stale 2 that must count nowhere.
    const world = await productsWorld({
      products: [CROISSANT, ...[TSHIRT, TSHIRT_S, TSHIRT_M].map((item) => ({ ...item, reorder_level: 2 }))],
    });
    await world.mirror.stockLevels.bulkPut([
      { id: 'v0', company_id: COMPANY, store_id: STORE, product_id: TSHIRT.id, on_hand: 2 },
      { id: 'v1', company_id: COMPANY, store_id: STORE, product_id: TSHIRT_S.id, on_hand: 5 },
      { id: 'v2', company_id: COMPANY, store_id: STORE, product_id: TSHIRT_M.id, on_hand: 1 },
    ]);
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await screen.findByRole('table', { name: 'Products' });
    await waitFor(() => {
      expect(names()).toEqual(['Croissant', 'T-shirt 2 variants', 'T-shirt S', 'T-shirt M']);
    });
    const onHandOf = (index: number) => within(rowAt(index)).getAllByRole('cell')[7]?.textContent;
    expect([onHandOf(1), onHandOf(2), onHandOf(3)]).toEqual(['By variant', '5', '1 Low']);
    expect(within(rowAt(1)).getAllByRole('cell')[8]).toHaveTextContent(/^$/);
    // Croissant 4 × €1.10 + S 5 × €6.00 at cost; at price 4 × €2.50 + 5 × €15.00 + 1 × €16.00.
    expect(screen.getByLabelText('Stock value')).toHaveTextContent(
      'Stock value: €34.40 at cost, €101.00 at price (1 product in stock without a cost, not counted at cost).',
    );
    await user.click(screen.getByLabelText('Low stock only'));
    expect(names()).toEqual(['Croissant', 'T-shirt M']);
  });

  test('Export CSV downloads the filtered list in the import columns', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Category'), 'Bakery');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(world.download).toHaveBeenCalledWith(
      'products.csv',
      'sku,name,price,barcode,category,tax_rate,track_stock,reorder_level,cost\nCRO-1,Croissant,2.50,4006381333931,Bakery,20,true,5,1.10',
      'text/csv;charset=utf-8',
    );
  });
});

test('50,000 products: only the rows in view are rendered, and search narrows them', async () => {
  const many = Array.from({ length: 50_000 }, (_, i) =>
    product(100 + i, { name: `Item ${String(i).padStart(5, '0')}`, sku: `SKU-${i}`, company_id: COMPANY }),
  );
  const world = await productsWorld({ products: [BAGUETTE, ...many] });
  const user = userEvent.setup();
  render(<ProductsPage deps={world.deps} />);
  expect(await screen.findByText('50001 products', {}, { timeout: 20_000 })).toBeInTheDocument();
  expect(bodyRows().length).toBeLessThan(60);
  expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '50002');
  // A long table cuts text that does not fit: the cell's title shows it whole.
  expect(within(rowAt(0)).getAllByRole('cell')[1]).toHaveAttribute('title', BAGUETTE.sku);
  await user.type(screen.getByLabelText('Search name, SKU or barcode'), 'sku-49999');
  expect(names()).toEqual(['Item 49999']);
}, 60_000);
