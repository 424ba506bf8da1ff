// [SW-4] Issue 34, the first visit: the register opened before the first sync finished follows what that sync
// brings, with no reload. Modifiers pulled after the register opened are asked for when the product is
// tapped, and the route hears when the products arrive (whenProductsArrive) so it can read the catalogue.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MirrorDb } from '../../data/local/mirror-db';
import { RegisterScreen } from './register-screen';
import { whenProductsArrive } from './register-wiring';
import { BAGUETTE, CROISSANT, registerWorld, withFakeLayout, withMilkChoice } from './register-test-deps';

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
  const user = userEvent.setup({ delay: 20 });
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
