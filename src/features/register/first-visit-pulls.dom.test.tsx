// [SW-4] Issue 34, the first visit: the register opened before the first sync finished follows what that sync
// brings, with no reload. Modifiers pulled after the register opened are asked for when the product is
// tapped, and the route hears when the products arrive (whenProductsArrive) so it can read the catalogue.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MirrorDb } from '../../data/local/mirror-db';
import { RegisterScreen } from './register-screen';
import { whenProductsArrive } from './register-wiring';
import {
  BAGUETTE,
  COMPANY,
  CROISSANT,
  registerWorld,
  STORE,
  withFakeLayout,
  withMilkChoice,
  person,
} from './register-test-deps';

afterEach(cleanup);
withFakeLayout();

test('[SW-4] modifiers pulled after the register opened: tapping the product asks for them', async () => {
  const world = await registerWorld();
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);

  // The first sync's later tables land, as pull.ts writes them: the rows, then each table's cursor.
  await withMilkChoice(world.mirror, BAGUETTE.id);
  const pulledAt = '2026-11-21T09:00:00Z';
  await world.mirror.cursors.bulkPut(
    ['modifier_groups', 'modifier_options', 'product_modifier_groups'].map((table) => ({
      table,
      after: { txid: '1001', id: 'z' },
      complete: true,
      pulled_at: pulledAt,
    })),
  );

  // Nothing on screen shows the catalogue being read again: tap until the dialog comes (before the fix,
  // every tap added a plain line and no dialog ever came).
  const user = person();
  await waitFor(async () => {
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    expect(await screen.findByRole('dialog', { name: 'Baguette' }, { timeout: 500 })).toBeVisible();
  });
});

test('[SW-4] the route hears when the first products arrive, and at once if they already have', async () => {
  const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
  let heard = 0;
  const stop = whenProductsArrive(mirror, () => (heard += 1));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toBe(0);
  await mirror.products.put(CROISSANT);
  await waitFor(() => {
    expect(heard).toBe(1);
  });
  stop();

  let already = 0;
  const stopAgain = whenProductsArrive(mirror, () => (already += 1));
  await waitFor(() => {
    expect(already).toBe(1);
  });
  stopAgain();
});

test('[PSTOCK-T3] stock levels pulled after the register opened show at once, not after the next sale', async () => {
  const world = await registerWorld();
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  const user = person();
  await user.type(screen.getByLabelText('Search products'), 'Baguette');
  const tile = await screen.findByRole('button', { name: /^Baguette/ });
  expect(tile).toHaveTextContent('0 in stock');

  await world.mirror.stockLevels.put({
    id: 's2',
    company_id: COMPANY,
    store_id: STORE,
    product_id: BAGUETTE.id,
    on_hand: 12,
  });
  await world.mirror.cursors.put({
    table: 'stock_levels',
    after: { txid: '1002', id: 's2' },
    complete: true,
    pulled_at: '2026-11-21T09:00:00Z',
  });
  await waitFor(() => {
    expect(screen.getByRole('button', { name: /^Baguette/ })).toHaveTextContent('12 in stock');
  });

  // This till's own sale of 2, then the pull that brings it back in the level (10) and settles the delta:
  // the tile ends at 10, never the 8 of the sale counted twice between the cursor and the settling.
  const sold = {
    id: 'm1',
    company_id: COMPANY,
    store_id: STORE,
    product_id: BAGUETTE.id,
    delta: -2000,
    reason: 'sale' as const,
    occurred_at: '2026-11-21T09:05:00Z',
    txid: null,
    settled: 0 as const,
  };
  await world.ledger.stockMovements.put({ ...sold, op_id: 'o1', sync: 'pending', error: null });
  await waitFor(() => {
    expect(screen.getByRole('button', { name: /^Baguette/ })).toHaveTextContent('10 in stock');
  });
  await world.mirror.stockLevels.put({
    id: 's2',
    company_id: COMPANY,
    store_id: STORE,
    product_id: BAGUETTE.id,
    on_hand: 10,
  });
  await world.mirror.cursors.put({
    table: 'stock_levels',
    after: { txid: '1003', id: 's2' },
    complete: true,
    pulled_at: '2026-11-21T09:06:00Z',
  });
  await world.ledger.stockMovements.update('m1', { settled: 1, txid: '1003' });
  // Long enough for both reads to land, so the last answer on screen is the one checked.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await waitFor(() => {
    expect(screen.getByRole('button', { name: /^Baguette/ })).toHaveTextContent('10 in stock');
  });
});
