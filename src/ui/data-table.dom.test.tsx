// The back-office data table: a plain accessible table for a short list, the rows in view only (still a
// table, with aria-rowcount/rowindex) for a long one, and the empty-state message instead of an empty table.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { DataTable, type Column } from './data-table';

interface Fruit {
  id: string;
  name: string;
  price: number;
}

const COLUMNS: Column<Fruit>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
  { key: 'price', header: 'Price', cell: (row) => row.price.toFixed(2), align: 'end' },
];

const fruits = (count: number): Fruit[] =>
  Array.from({ length: count }, (_, i) => ({ id: `f${String(i)}`, name: `Fruit ${String(i)}`, price: i }));

function table(rows: readonly Fruit[], empty: string | null = 'No fruit.') {
  return render(
    <DataTable label="Fruit" columns={COLUMNS} rows={rows} rowKey={(row) => row.id} empty={empty} />,
  );
}

// jsdom lays nothing out: give every element a screenful, as a browser would.
let saved: (readonly [string, PropertyDescriptor | undefined])[] = [];
beforeAll(() => {
  saved = ['clientHeight', 'clientWidth'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
  );
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 900 });
});
afterAll(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
  }
});
afterEach(cleanup);

describe('DataTable', () => {
  test('a short list is a plain table named by its label, with column and row headers', () => {
    table(fruits(3));
    const grid = screen.getByRole('table', { name: 'Fruit' });
    expect(grid).not.toHaveAttribute('aria-rowcount');
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Price']);
    expect(headers[0]).toHaveAttribute('scope', 'col');
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const last = rows[3];
    if (!last) throw new Error('no last row');
    expect(within(last).getByRole('rowheader')).toHaveTextContent('Fruit 2');
    expect(within(last).getByRole('cell')).toHaveTextContent('2.00');
    expect(within(last).getByRole('cell')).toHaveClass('data-table__end');
  });

  test('no rows: the empty-state message and no table; a null message shows nothing', () => {
    table([]);
    expect(screen.getByText('No fruit.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    cleanup();
    const { container } = table([], null);
    expect(container).toBeEmptyDOMElement();
  });

  test('a long list renders only the rows in view and tells assistive technology the whole size', () => {
    table(fruits(5000));
    const grid = screen.getByRole('table', { name: 'Fruit' });
    expect(grid).toHaveAttribute('aria-rowcount', '5001');
    const rows = within(grid).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '1');
    expect(rows[1]).toHaveAttribute('aria-rowindex', '2');
    expect(within(grid).getByRole('rowheader', { name: 'Fruit 0' })).toBeInTheDocument();
    expect(within(grid).queryByRole('rowheader', { name: 'Fruit 4999' })).not.toBeInTheDocument();
  });

  test('up to the threshold every row is rendered', () => {
    table(fruits(200));
    expect(screen.getAllByRole('row')).toHaveLength(201);
  });

  // Issue 34: on a narrow box the same table shows each row as a card, each cell labelled with its column, so
  // the name is never squeezed to nothing; a table short of room leaves out its minor columns first.
  test('[BACK-1] a box narrower than its columns need turns the rows into labelled cards; the rows stay a table', () => {
    const wide = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
    Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 150 });
    try {
      table(fruits(3));
      const grid = screen.getByRole('table', { name: 'Fruit' });
      expect(grid).toHaveClass('data-table--cards');
      expect(within(grid).getAllByRole('row')).toHaveLength(4);
      expect(within(grid).getAllByRole('cell')[0]).toHaveAttribute('data-label', 'Price');
    } finally {
      if (wide) Object.defineProperty(Element.prototype, 'clientWidth', wide);
    }
  });

  test('[BACK-1] short of room, the minor columns are left out; with room, nothing is', () => {
    const columns: Column<Fruit>[] = [
      ...COLUMNS,
      { key: 'id', header: 'Code', cell: (row) => row.id, minor: true },
    ];
    const fit = { compactBelow: 1000 };
    render(
      <DataTable
        label="Fruit"
        columns={columns}
        rows={fruits(2)}
        rowKey={(row) => row.id}
        empty={null}
        fit={fit}
      />,
    );
    const grid = screen.getByRole('table', { name: 'Fruit' });
    expect(grid).toHaveClass('data-table--compact');
    expect(within(grid).queryByRole('columnheader', { name: 'Code' })).not.toBeInTheDocument();
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(2);
    cleanup();
    render(
      <DataTable label="Fruit" columns={columns} rows={fruits(2)} rowKey={(row) => row.id} empty={null} />,
    );
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeInTheDocument();
  });
});
