// A product's variants in the back office (issue 21, [VAR-9]): the list shows a parent with its variant count
// and its variants under it; a manager opens the grid (loaded lazily), edits a row, types options and
// generates their combinations, and saves the whole grid in one server call; mistakes are said before
// anything is sent.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductsPage } from './products-page';
import { CROISSANT, productsWorld, TSHIRT, TSHIRT_M, TSHIRT_S, withFakeLayout } from './products-test-deps';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();

async function openGrid() {
  const world = await productsWorld({ products: [CROISSANT, TSHIRT_M, TSHIRT, TSHIRT_S] });
  render(<ProductsPage deps={world.deps} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Variants of T-shirt' }));
  const grid = await screen.findByRole('form', { name: 'Variants of T-shirt' });
  return { world, user, grid };
}

describe('the products list', () => {
  test('a parent shows how many variants it has, and its variants follow it in grid order', async () => {
    const world = await productsWorld({ products: [CROISSANT, TSHIRT_M, TSHIRT, TSHIRT_S] });
    render(<ProductsPage deps={world.deps} />);
    const table = await screen.findByRole('table', { name: 'Products' });
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual(['Croissant', 'T-shirt 2 variants', 'T-shirt S', 'T-shirt M']);
    // A variant has no grid of its own.
    expect(screen.queryByRole('button', { name: 'Variants of T-shirt S' })).not.toBeInTheDocument();
  });
});

describe('[VAR-9] the variant grid', () => {
  test('shows each variant with its codes, price, cost and on hand; an edited row is saved by id', async () => {
    const { world, user, grid } = await openGrid();
    expect(within(grid).getByLabelText('Option 1 name')).toHaveValue('Size');
    expect(within(grid).getByLabelText('Option 1 values')).toHaveValue('S, M');
    expect(within(grid).getByLabelText('SKU of S')).toHaveValue('TSH-S');
    expect(within(grid).getByLabelText('Barcode of S')).toHaveValue('4010000000012');
    expect(within(grid).getByLabelText('Price of M')).toHaveValue('16.00');
    expect(within(grid).getByLabelText('Cost of S')).toHaveValue('6.00');
    await user.clear(within(grid).getByLabelText('Price of M'));
    await user.type(within(grid).getByLabelText('Price of M'), '17');
    await user.click(within(grid).getByLabelText('S active'));
    await user.click(within(grid).getByRole('button', { name: 'Save variants' }));
    expect(await screen.findByText(/Saved the variants of T-shirt/)).toBeInTheDocument();
    expect(world.writer.calls).toEqual([
      [
        'saveVariants',
        TSHIRT.id,
        ['Size'],
        [
          {
            id: TSHIRT_S.id,
            option_values: ['S'],
            sku: 'TSH-S',
            barcode: '4010000000012',
            price: 1500,
            cost: 600,
            active: false,
          },
          {
            id: TSHIRT_M.id,
            option_values: ['M'],
            sku: 'TSH-M',
            barcode: null,
            price: 1700,
            cost: null,
            active: true,
          },
        ],
      ],
    ]);
    expect(world.syncNow).toHaveBeenCalled();
  });

  test("'Add option' and 'Generate combinations' make a row per combination at the parent's price", async () => {
    const { world, user, grid } = await openGrid();
    await user.click(within(grid).getByRole('button', { name: 'Add option' }));
    await user.type(within(grid).getByLabelText('Option 2 name'), 'Colour');
    await user.type(within(grid).getByLabelText('Option 2 values'), 'Blue, Black, blue');
    await user.click(within(grid).getByRole('button', { name: 'Generate combinations' }));
    const rows = within(within(grid).getByRole('table', { name: 'Variants' })).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual(['S / Blue', 'S / Black', 'M / Blue', 'M / Black']);
    expect(within(grid).getByLabelText('Price of M / Black')).toHaveValue('15.00');
    await user.type(within(grid).getByLabelText('SKU of M / Black'), 'TSH-M-BLA');
    await user.click(within(grid).getByRole('button', { name: 'Save variants' }));
    await screen.findByText(/Saved the variants of T-shirt/);
    const [[, parent, names, variants]] = world.writer.calls as [
      [string, string, string[], { sku: string }[]],
    ];
    expect(parent).toBe(TSHIRT.id);
    expect(names).toEqual(['Size', 'Colour']);
    expect(variants).toHaveLength(4);
    expect(variants[3]).toEqual({
      option_values: ['M', 'Black'],
      sku: 'TSH-M-BLA',
      barcode: null,
      price: 1500,
      cost: 600,
      active: true,
    });
  });

  test('a mistake is said with its row before anything is sent, and offline the grid cannot be saved', async () => {
    const { world, user, grid } = await openGrid();
    await user.clear(within(grid).getByLabelText('Price of S'));
    await user.click(within(grid).getByRole('button', { name: 'Save variants' }));
    expect(await within(grid).findByText('Row 1 (S): Enter a price.')).toBeInTheDocument();
    expect(world.writer.calls).toEqual([]);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await within(grid).findByText(/Needs a connection/)).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Save variants' })).toBeDisabled();
    vi.restoreAllMocks();
  });
});
