// The counter's in-memory index follows pulls (issue 7): a price changed and a product added on the server
// reach the open register once a pull has moved the products cursor, with the cart left as it was.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import { BAGUETTE, CROISSANT, registerWorld, TART, withFakeLayout, person } from '../register-test-deps';

afterEach(cleanup);
vi.setConfig({ testTimeout: 20_000 });
withFakeLayout();

describe('the register follows pulls', () => {
  test('a new product and a new price arrive without reopening the register', async () => {
    const world = await registerWorld();
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    const search = screen.getByLabelText('Search products');

    await person().type(search, 'rye');
    expect(await screen.findByText(/No product/)).toBeInTheDocument();

    // What a pull page writes: the rows, then the cursor (src/data/sync/pull.ts).
    const rye = { ...BAGUETTE, id: 'e4000000-0000-4000-8000-000000000099', name: 'Rye loaf', price: 420 };
    await world.mirror.products.bulkPut([CROISSANT, { ...BAGUETTE, price: 130 }, TART, rye]);
    await world.mirror.cursors.put({
      table: 'products',
      after: { txid: '900', id: rye.id },
      complete: true,
      pulled_at: '2026-11-21T09:20:00Z',
    });
    expect(await screen.findByRole('button', { name: /^Rye loaf/ })).toBeInTheDocument();

    await person().clear(search);
    await person().type(search, 'baguette');
    expect(await screen.findByRole('button', { name: /^Baguette.*1\.30/ })).toBeInTheDocument();
  });
});
