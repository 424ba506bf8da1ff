// [COUNTER-12] A weighed product rung up without a scale label asks for its weight — from a quick key, a
// product tap or a search result — and its line, and the receipt, show "1.181 kg × €1.99/kg": never a silent
// 1 kg.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import { BANANAS, registerWorld, withFakeLayout, person } from '../register-test-deps';

afterEach(cleanup);
withFakeLayout();

async function openRegister() {
  const world = await registerWorld({
    scanner: { minLength: 6, maxGapMs: 250 },
    quickKeys: { [BANANAS.id]: 1 },
  });
  await world.mirror.products.put(BANANAS);
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

const weighDialog = () => screen.findByRole('dialog', { name: 'Weigh Bananas' });

/** Types a weight as a person would and waits until the scanner hook has let every key through. */
async function typeWeight(user: ReturnType<typeof person>, text: string) {
  const field = screen.getByLabelText('Weight (kg)');
  await user.clear(field);
  await user.type(field, text);
  await vi.waitFor(() => {
    expect(field).toHaveValue(text);
  });
  await user.click(screen.getByRole('button', { name: 'Add to sale' }));
}

describe('The counter, finished: weighed products', () => {
  test('[COUNTER-12] the quick key asks for the weight, refuses a wrong one in words, and the line shows kg and €/kg', async () => {
    const world = await openRegister();
    const user = person();
    await user.click(
      within(screen.getByRole('group', { name: 'Quick keys' })).getByRole('button', { name: /Bananas/ }),
    );
    const dialog = await weighDialog();
    expect(within(dialog).getByText('€1.99/kg')).toBeInTheDocument();

    await typeWeight(user, 'abc');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '"abc" is not a weight: type it in kg, like 1.25.',
    );
    await typeWeight(user, '0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The weight must be more than zero.');
    await typeWeight(user, '-1');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The weight must be more than zero.');
    expect((await world.cartStore.openCart())?.lines ?? []).toHaveLength(0);

    await typeWeight(user, '1.181');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('1.181 kg × €1.99/kg')).toBeInTheDocument();
    expect(screen.getByLabelText('Line total for Bananas')).toHaveTextContent('€2.35');
    expect((await world.cartStore.openCart())?.lines.map((line) => line.quantity)).toEqual([1181]);
  });

  test('[COUNTER-12] a search result asks too; Cancel adds nothing', async () => {
    await openRegister();
    const user = person();
    await user.type(screen.getByLabelText('Search products'), 'banan');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await user.click(within(results).getByRole('button', { name: /^Bananas/ }));
    await weighDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();
  });

  test('[COUNTER-12] the receipt shows the weight and the price per kg', async () => {
    await openRegister();
    const user = person();
    await user.click(
      within(screen.getByRole('group', { name: 'Quick keys' })).getByRole('button', { name: /Bananas/ }),
    );
    await weighDialog();
    await typeWeight(user, '1.181');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(await screen.findByText('1.181 kg × €1.99/kg')).toBeInTheDocument();
  });
});
