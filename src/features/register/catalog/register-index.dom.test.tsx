// The register opens on what is ready (P6): the product list and the open cart paint first and the search
// index is built right after that paint; a scan or a query that comes before it is answered in full, never dropped. Products a
// manager changes at the counter carry the same search keys a pull stores.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { searchKeysOf } from '../../../domain/product-search';
import { ok } from '../../../domain/result';
import { addSearchKeys } from '../../../data/local/mirror-db';
import { RegisterScreen } from '../register-screen';
import { CROISSANT, registerWorld, withFakeLayout, person } from '../register-test-deps';
import type { CatalogEdits } from '../register-deps';
import { useCatalog } from './use-catalog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
vi.setConfig({ testTimeout: 20_000 });
withFakeLayout();

/** No frame is ever painted, so the index waits for whoever needs it first. */
function withholdPaint() {
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
}

/** A hardware scanner's burst on the document, all keys at once, then Enter. */
function scan(code: string) {
  for (const key of [...Array.from(code), 'Enter']) {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }
}

describe('the search index after the first paint', () => {
  test('the list is shown before the index is built, and the index is built right after', async () => {
    const world = await registerWorld();
    render(<RegisterScreen deps={world.deps} />);
    expect(screen.getByRole('button', { name: /^Croissant/ })).toBeInTheDocument();
    expect(world.deps.catalog.index.ready).toBe(false);
    await vi.waitFor(() => {
      expect(world.deps.catalog.index.ready).toBe(true);
    });
  });

  test('the index is built only after the open cart is shown, so reading the cart back never waits behind it', async () => {
    // Every frame paints at once; the stored cart answers only when told to.
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
      frame(0);
      return 0;
    });
    const world = await registerWorld();
    const { cartStore } = world.deps;
    const read = cartStore.openCart.bind(cartStore);
    let answer = () => undefined;
    vi.spyOn(cartStore, 'openCart').mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () => {
            resolve(read());
          };
        }),
    );
    render(<RegisterScreen deps={world.deps} />);
    expect(screen.getByRole('button', { name: /^Croissant/ })).toBeInTheDocument();
    for (let task = 0; task < 3; task++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(world.deps.catalog.index.ready).toBe(false);
    act(() => {
      answer();
    });
    await screen.findByText(/The cart is empty/);
    await vi.waitFor(() => {
      expect(world.deps.catalog.index.ready).toBe(true);
    });
  });

  test('a scan before the index is built adds its product', async () => {
    withholdPaint();
    const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 250 } });
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    expect(world.deps.catalog.index.ready).toBe(false);
    act(() => {
      scan(CROISSANT.barcode ?? '');
    });
    expect(await screen.findByLabelText('Quantity of Croissant')).toHaveValue('1');
  });

  test('a query before the index is built finds its products', async () => {
    withholdPaint();
    const world = await registerWorld();
    render(<RegisterScreen deps={world.deps} />);
    expect(world.deps.catalog.index.ready).toBe(false);
    await person().type(screen.getByLabelText('Search products'), 'tart');
    // Apple tart is in the unfiltered list too: the query has worked once Croissant is gone and the tart stays.
    // Both at once: while the list re-renders it may briefly hold neither, and Croissant gone alone proves nothing.
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: /^Croissant/ })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Apple tart/ })).toBeInTheDocument();
    });
  });
});

describe('products changed at the counter', () => {
  test('[PULL-K] carry the keys a pull would store, and take their place in name order', async () => {
    const world = await registerWorld();
    // The server's answer reuses a stored row: its keys are the old name's until the counter folds them again.
    const renamed = {
      ...addSearchKeys({ ...CROISSANT }),
      id: 'e4000000-0000-4000-8000-000000000077',
      name: 'Éclair',
    };
    const edits: CatalogEdits = {
      setQuickKey: () => Promise.resolve(ok(CROISSANT)),
      addProduct: () => Promise.resolve(ok(renamed)),
    };
    const { result } = renderHook(() =>
      useCatalog({ catalog: world.deps.catalog, catalogEdits: edits, role: 'manager' }),
    );
    await act(async () => {
      await result.current.addProduct?.({
        name: 'Éclair',
        price: 300,
        taxRateBp: 2000,
        barcode: '4006381333931',
        categoryId: null,
      });
    });
    const { catalog } = result.current;
    const added = catalog.index.get(renamed.id);
    expect(added?.search_keys).toEqual(searchKeysOf({ ...renamed, name: 'Éclair' }));
    expect(catalog.index.search('eclair').items.map((product) => product.id)).toEqual([renamed.id]);
    expect(catalog.products.map((product) => product.name)).toEqual([
      'Apple tart',
      'Baguette',
      'Bananas',
      'Croissant',
      'Éclair',
    ]);
  });
});
