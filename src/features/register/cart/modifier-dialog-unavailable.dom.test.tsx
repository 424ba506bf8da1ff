// [SW-3] A part loaded on demand that cannot be fetched (offline before it was ever cached) never blanks the
// counter: tapping a product with modifiers when the modifier dialog's file does not come says so in words,
// in place of the dialog, and the cart keeps its lines; 'Close' returns to the counter as it was.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import {
  BAGUETTE,
  CROISSANT,
  registerWorld,
  withFakeLayout,
  withMilkChoice,
  person,
} from '../register-test-deps';

// What a browser answers for a chunk it cannot fetch.
vi.mock('./modifier-dialog', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/modifier-dialog-x.js');
});

afterEach(cleanup);
withFakeLayout();

test('[SW-3] the modifier dialog cannot load: the counter says so and keeps the cart', async () => {
  const world = await registerWorld();
  await withMilkChoice(world.mirror, BAGUETTE.id);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  const user = person();

  await user.click(screen.getByRole('button', { name: new RegExp(`^${CROISSANT.name}`) }));
  expect(screen.getByLabelText(`Quantity of ${CROISSANT.name}`)).toHaveValue('1');
  await user.click(screen.getByRole('button', { name: /^Baguette/ }));

  expect(await screen.findByText('The options for Baguette could not load')).toBeVisible();
  expect(screen.getByText(/The cart and every recorded sale are kept/)).toBeVisible();
  expect(screen.getByLabelText(`Quantity of ${CROISSANT.name}`)).toHaveValue('1');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByText('The options for Baguette could not load')).not.toBeInTheDocument();
  expect(screen.getByLabelText(`Quantity of ${CROISSANT.name}`)).toHaveValue('1');
  expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
});
