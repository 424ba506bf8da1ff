// Editing the catalogue (managers and owners): create and edit with validation, archive, server refusals in
// words, offline forms that say so and keep the draft; categories; CSV import with a preview.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { err } from '../../domain/result';
import { ProductsPage } from './products-page';
import { BAKERY, COMPANY, CROISSANT, fakeLayout, productsWorld } from './products-test-deps';
import { blobText } from '../../../tests/support/blob-text';

afterEach(cleanup);
// Typing into several fields takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
let restoreLayout: () => void;
beforeAll(() => {
  restoreLayout = fakeLayout();
});
afterAll(() => {
  restoreLayout();
});

async function openNewProduct() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New product' }));
  return user;
}

describe('product form', () => {
  test('checks the draft: name required, price not negative, cost an amount, tax 0–100 %, barcode unique', async () => {
    const world = await productsWorld();
    render(<ProductsPage deps={world.deps} />);
    const user = await openNewProduct();
    await user.type(screen.getByLabelText('Price (EUR)'), '-1');
    await user.type(screen.getByLabelText('Cost (EUR)'), 'abc');
    await user.clear(screen.getByLabelText('Tax rate (%)'));
    await user.type(screen.getByLabelText('Tax rate (%)'), '120');
    await user.type(screen.getByLabelText('Barcode'), CROISSANT.barcode ?? '');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByText('The price cannot be negative.')).toBeInTheDocument();
    expect(screen.getByText('The cost "abc" is not a number.')).toBeInTheDocument();
    expect(screen.getByText('The tax rate "120" is over 100 %.')).toBeInTheDocument();
    expect(screen.getByText('Another product already has that barcode ("Croissant").')).toBeInTheDocument();
    expect(world.writer.calls).toEqual([]);
  });

  test('creates a product on the server in minor units and basis points, then syncs', async () => {
    const world = await productsWorld();
    render(<ProductsPage deps={world.deps} />);
    const user = await openNewProduct();
    await user.type(screen.getByLabelText('Name'), 'Muffin');
    await user.type(screen.getByLabelText('SKU'), 'MUF-1');
    await user.selectOptions(screen.getByLabelText('Category', { selector: 'form select' }), 'Bakery');
    await user.type(screen.getByLabelText('Price (EUR)'), '2,80');
    await user.type(screen.getByLabelText('Cost (EUR)'), '1,10');
    await user.clear(screen.getByLabelText('Tax rate (%)'));
    await user.type(screen.getByLabelText('Tax rate (%)'), '5.5');
    await user.type(screen.getByLabelText('Reorder level'), '3');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Added "Muffin".')).toBeInTheDocument();
    expect(world.writer.calls).toEqual([
      [
        'createProduct',
        COMPANY,
        {
          name: 'Muffin',
          sku: 'MUF-1',
          barcode: null,
          category_id: BAKERY,
          price: 280,
          cost: 110,
          tax_rate_bp: 550,
          track_stock: true,
          reorder_level: '3',
          scale_code: null,
        },
      ],
    ]);
    expect(world.syncNow).toHaveBeenCalledOnce();
  });

  test('[SCALE-4] a scale item code is digits, names one product, and is saved with it', async () => {
    const world = await productsWorld();
    render(<ProductsPage deps={world.deps} />);
    const user = await openNewProduct();
    await user.type(screen.getByLabelText('Name'), 'Comté');
    await user.type(screen.getByLabelText('Price (EUR)'), '24');
    const code = screen.getByLabelText('Scale item code');
    await user.type(code, '42a');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(
      screen.getByText('The scale item code "42a" must be 1 to 6 digits, as the scale prints it.'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '00042');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(
      screen.getByText('Another product already has that scale item code ("Baguette").'),
    ).toBeInTheDocument();
    expect(world.writer.calls).toEqual([]);
    await user.clear(code);
    await user.type(code, '00043');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Added "Comté".')).toBeInTheDocument();
    expect(world.writer.calls[0]).toEqual([
      'createProduct',
      COMPANY,
      expect.objectContaining({ name: 'Comté', scale_code: '00043' }),
    ]);
  });

  test('edits a price and archives a product', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Croissant' }));
    const price = screen.getByLabelText('Price (EUR)');
    expect(price).toHaveValue('2.50');
    await user.clear(price);
    await user.type(price, '2.75');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Saved "Croissant".')).toBeInTheDocument();
    expect(world.writer.calls[0]).toEqual([
      'updateProduct',
      CROISSANT.id,
      expect.objectContaining({ price: 275 }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Edit Croissant' }));
    await user.click(screen.getByRole('button', { name: 'Archive product' }));
    expect(await screen.findByText('Archived "Croissant".')).toBeInTheDocument();
    expect(world.writer.calls[1]).toEqual(['setProductArchived', CROISSANT.id, true]);
  });

  test("shows the server's refusal in words and keeps the form open", async () => {
    const world = await productsWorld();
    world.writer.createProduct = () =>
      Promise.resolve(err('refused', 'Another product already has that barcode.'));
    render(<ProductsPage deps={world.deps} />);
    const user = await openNewProduct();
    await user.type(screen.getByLabelText('Name'), 'Muffin');
    await user.type(screen.getByLabelText('Price (EUR)'), '1');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another product already has that barcode.');
    expect(screen.getByLabelText('Name')).toHaveValue('Muffin');
    expect(world.syncNow).not.toHaveBeenCalled();
  });

  test('offline: the form says it needs a connection, cannot save, and keeps what was typed', async () => {
    const world = await productsWorld();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(<ProductsPage deps={world.deps} />);
      const user = await openNewProduct();
      expect(
        screen.getByText(/Needs a connection: product changes are saved on the server\./),
      ).toBeInTheDocument();
      await user.type(screen.getByLabelText('Name'), 'Muffin');
      expect(screen.getByRole('button', { name: 'Add product' })).toBeDisabled();
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.getByRole('button', { name: 'Add product' })).toBeEnabled();
      expect(screen.getByLabelText('Name')).toHaveValue('Muffin');
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('categories', () => {
  test('create, rename and archive go to the server', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await user.click(await screen.findByRole('button', { name: 'Categories' }));
    expect(screen.getByText('(1 products)', { exact: false })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New category'), 'Snacks');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Added "Snacks".')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename Drinks' }));
    const rename = screen.getByLabelText('New name for Drinks');
    await user.clear(rename);
    await user.type(rename, 'Hot drinks');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Renamed to "Hot drinks".')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Archive Bakery' }));
    expect(await screen.findByText('Archived "Bakery".')).toBeInTheDocument();
    expect(world.writer.calls.map((call) => call[0])).toEqual([
      'createCategory',
      'renameCategory',
      'archiveCategory',
    ]);
  });
});

describe('CSV import', () => {
  function csvFile(text: string) {
    return new File([text], 'products.csv', { type: 'text/csv' });
  }

  test('a bad file lists an error per row and offers no import', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile('sku,name,price,barcode\nA,Apple,abc,\nB,Bread,1,4006381333931\n'),
    );
    expect(await screen.findByText('Row 2: price "abc" is not a number.')).toBeInTheDocument();
    expect(
      screen.getByText('Row 3: barcode "4006381333931" already belongs to "Croissant".'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import \d+ products$/ })).toBeNull();
  });

  test('a good file previews creates and updates, then imports in one call', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile('SKU,Name,Price\ncro-1,Croissant,2.60\nNEW-1,Scone,1.80\n'),
    );
    expect(await screen.findByText('products.csv: 2 rows — 1 new, 1 updates.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 products' }));
    expect(await screen.findByText('Imported: 1 created, 1 updated.')).toBeInTheDocument();
    // The picker no longer names the file just imported.
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(world.writer.calls).toEqual([
      [
        'importProducts',
        COMPANY,
        [
          { row: 2, sku: 'cro-1', name: 'Croissant', price: 260 },
          { row: 3, sku: 'NEW-1', name: 'Scone', price: 180 },
        ],
      ],
    ]);
    expect(world.syncNow).toHaveBeenCalledOnce();
  });

  test("a template to start from: the import's columns and one example row", async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:template';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // jsdom cannot follow a download link; the file is what matters.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download a template' }));
    expect(click).toHaveBeenCalledOnce();
    const text = await blobText(created[0]);
    expect(text.split('\n')[0]).toBe(
      'sku,name,price,barcode,category,tax_rate,track_stock,reorder_level,cost',
    );
    await user.upload(screen.getByLabelText('CSV file'), csvFile(text));
    expect(await screen.findByText('products.csv: 1 rows — 0 new, 1 updates.')).toBeInTheDocument();
  });

  test('a server refusal says nothing was imported', async () => {
    const world = await productsWorld();
    world.writer.importProducts = () =>
      Promise.resolve(err('refused', 'Row 3: barcode "9" already belongs to "X"'));
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    await user.upload(screen.getByLabelText('CSV file'), csvFile('sku,name,price\nA,Apple,1\n'));
    await user.click(await screen.findByRole('button', { name: 'Import 1 products' }));
    expect(
      await screen.findByText('Nothing was imported. Row 3: barcode "9" already belongs to "X"'),
    ).toBeInTheDocument();
  });
});
