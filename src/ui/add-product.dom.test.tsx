// 'Add product': every word typed must be in the name or the SKU; a product already on the document is not
// offered; choosing one adds it and clears the search; a search that finds nothing says so.
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AddProduct, productMatches } from './add-product';

afterEach(cleanup);

const PRODUCTS = [
  { id: 'a', name: 'Organic carrots', sku: 'FRU-0112' },
  { id: 'b', name: 'Bananas', sku: 'FRU-0101' },
  { id: 'c', name: 'Carrot cake', sku: null },
];

describe('productMatches', () => {
  test('every word in the name or SKU, case aside, leaving out what is on the document', () => {
    expect(productMatches(PRODUCTS, 'carrot', new Set()).map((p) => p.id)).toEqual(['a', 'c']);
    expect(productMatches(PRODUCTS, 'CARROT fru', new Set()).map((p) => p.id)).toEqual(['a']);
    expect(productMatches(PRODUCTS, 'carrot', new Set(['a'])).map((p) => p.id)).toEqual(['c']);
    expect(productMatches(PRODUCTS, '   ', new Set())).toEqual([]);
  });

  test('offers eight at the most', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: String(i), name: `Tea ${String(i)}` }));
    expect(productMatches(many, 'tea', new Set())).toHaveLength(8);
  });
});

describe('AddProduct', () => {
  test('choosing a match adds it and clears the search; nothing found is said', async () => {
    const onAdd = vi.fn();
    render(<AddProduct products={PRODUCTS} onDocument={new Set(['b'])} onAdd={onAdd} />);
    const field = screen.getByLabelText('Add product');
    await userEvent.type(field, 'banana');
    expect(screen.getByText('No product matches.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'carrot');
    const found = screen.getByRole('list', { name: 'Products found' });
    await userEvent.click(within(found).getByRole('button', { name: 'Add Carrot cake' }));
    expect(onAdd).toHaveBeenCalledWith(PRODUCTS[2]);
    expect(field).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Products found' })).not.toBeInTheDocument();
  });
});
