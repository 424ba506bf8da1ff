// [MOD-3] [MOD-4] Modifiers at the counter, offline: tapping a product with groups asks for them in one dialog
// before the line is added ('Add to sale' waits for the required group and says so), the line shows its
// options and reopens the dialog to change them, and the sale and its receipt carry them with their prices.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { MirrorDb } from '../../../data/local/mirror-db';
import { RegisterScreen } from '../register-screen';
import { BAGUETTE, COMPANY, registerWorld, withFakeLayout, person } from '../register-test-deps';

afterEach(cleanup);
withFakeLayout();

const MILK = 'e6000000-0000-4000-8000-000000000001';
const EXTRAS = 'e6000000-0000-4000-8000-000000000002';
const option = (n: number, group: string, name: string, delta: number, position: number) => ({
  id: `e7000000-0000-4000-8000-00000000000${n}`,
  company_id: COMPANY,
  group_id: group,
  name,
  price_delta: delta,
  position,
  active: true,
});
const OAT = option(2, MILK, 'Oat', 50, 2);
const SHOT = option(4, EXTRAS, 'Extra shot', 60, 1);

async function withModifiers(mirror: MirrorDb): Promise<void> {
  await mirror.modifierGroups.bulkPut([
    { id: MILK, company_id: COMPANY, name: 'Milk', min_choices: 1, max_choices: 1, position: 1 },
    { id: EXTRAS, company_id: COMPANY, name: 'Extras', min_choices: 0, max_choices: 2, position: 2 },
  ]);
  await mirror.modifierOptions.bulkPut([
    option(1, MILK, 'Whole', 0, 1),
    OAT,
    option(3, MILK, 'Soy', 50, 3),
    SHOT,
    option(5, EXTRAS, 'Vanilla syrup', 40, 2),
  ]);
  await mirror.productModifierGroups.bulkPut([
    { id: 'pmg-1', company_id: COMPANY, product_id: BAGUETTE.id, group_id: EXTRAS, position: 2 },
    { id: 'pmg-2', company_id: COMPANY, product_id: BAGUETTE.id, group_id: MILK, position: 1 },
  ]);
}

describe('[MOD-3] the modifier dialog at the counter', () => {
  test('asks for the required group, adds the line with its options, edits them, and the sale carries them', async () => {
    const world = await registerWorld();
    await withModifiers(world.mirror);
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    const user = person();

    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Baguette' });
    const add = within(dialog).getByRole('button', { name: 'Add to sale' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Choose Milk.');
    expect(within(dialog).getByText('Line price:')).toHaveTextContent('€1.20');
    // A single-choice group swaps; the running price follows.
    await user.click(within(dialog).getByRole('button', { name: 'Soy +0.50' }));
    await user.click(within(dialog).getByRole('button', { name: 'Oat +0.50' }));
    expect(within(dialog).getByRole('button', { name: 'Soy +0.50' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Extra shot +0.60' }));
    expect(within(dialog).getByText('Line price:')).toHaveTextContent('€2.30');
    expect(add).toBeEnabled();
    await user.click(add);

    expect(screen.queryByRole('dialog', { name: 'Baguette' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Baguette' })).toHaveTextContent(
      'Oat +0.50, Extra shot +0.60',
    );
    expect(screen.getByLabelText('Line total for Baguette')).toHaveTextContent('€2.30');

    // Edited from the line: the dialog comes back with the line's choice.
    await user.click(screen.getByRole('button', { name: 'Edit Baguette' }));
    await user.click(screen.getByRole('button', { name: 'Change options of Baguette' }));
    dialog = await screen.findByRole('dialog', { name: 'Baguette' });
    expect(within(dialog).getByRole('button', { name: 'Oat +0.50' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Whole' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update line' }));
    expect(screen.getByLabelText('Line total for Baguette')).toHaveTextContent('€1.80');

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('heading', { name: 'Receipt T1-000001' });
    expect(screen.getByText('Extra shot +€0.60')).toBeInTheDocument();
    expect(screen.getByText('Whole')).toBeInTheDocument();

    const [queued] = await world.ledger.outbox.toArray();
    const line = (queued?.args as { lines: Record<string, unknown>[] }).lines[0];
    expect(line).toMatchObject({
      unit_price: 180,
      base_price: 120,
      modifiers: [
        { option_id: 'e7000000-0000-4000-8000-000000000001', price_delta: 0, name: 'Whole' },
        { option_id: SHOT.id, price_delta: 60, name: 'Extra shot' },
      ],
    });
  });

  test('a product without groups is added at once, and a cancelled dialog adds nothing', async () => {
    const world = await registerWorld();
    await withModifiers(world.mirror);
    render(<RegisterScreen deps={world.deps} />);
    await screen.findByText(/The cart is empty/);
    const user = person();
    await user.click(screen.getByRole('button', { name: /^Croissant/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Line total for Croissant')).toHaveTextContent('€2.50');
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Baguette' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Line total for Baguette')).not.toBeInTheDocument();
  });
});
