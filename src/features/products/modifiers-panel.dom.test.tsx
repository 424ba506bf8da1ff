// The Modifiers panel (issue 21): a manager creates groups and options, reprices and removes them, attaches
// groups to a product; a bad least/most says why and writes nothing; offline says so; a cashier sees the
// catalogue without a single edit button.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberRole } from '../../data/remote/memberships';
import { ProductsPage } from './products-page';
import { COMPANY, CROISSANT, productsWorld, TEA, withFakeLayout } from './products-test-deps';

afterEach(cleanup);
// Typing into several fields takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();

const MILK = 'f5000000-0000-4000-8000-000000000001';
const EXTRAS = 'f5000000-0000-4000-8000-000000000002';
const OAT = 'f6000000-0000-4000-8000-000000000001';
const TEA_MILK = 'f7000000-0000-4000-8000-000000000001';

/** The products screen with Milk (Whole, Oat +0.50; on Green tea) and an empty Extras, Modifiers open. */
async function openModifiers(role: MemberRole = 'manager') {
  const world = await productsWorld({ role });
  await world.mirror.modifierGroups.bulkPut([
    { id: MILK, company_id: COMPANY, name: 'Milk', min_choices: 1, max_choices: 1, position: 0 },
    { id: EXTRAS, company_id: COMPANY, name: 'Extras', min_choices: 0, max_choices: 2, position: 1 },
  ]);
  await world.mirror.modifierOptions.bulkPut([
    {
      id: 'whole',
      company_id: COMPANY,
      group_id: MILK,
      name: 'Whole',
      price_delta: 0,
      position: 0,
      active: true,
    },
    { id: OAT, company_id: COMPANY, group_id: MILK, name: 'Oat', price_delta: 50, position: 1, active: true },
  ]);
  await world.mirror.productModifierGroups.put({
    id: TEA_MILK,
    company_id: COMPANY,
    product_id: TEA.id,
    group_id: MILK,
    position: 0,
  });
  const user = userEvent.setup();
  render(<ProductsPage deps={world.deps} />);
  await user.click(await screen.findByRole('button', { name: 'Modifiers' }));
  await screen.findByRole('heading', { name: /Milk/ });
  return { world, user };
}

describe('Modifiers panel', () => {
  test('lists each group with its rule and its options with their prices', async () => {
    await openModifiers();
    expect(screen.getByRole('heading', { name: 'Milk (required, choose 1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Extras (optional, up to 2)' })).toBeInTheDocument();
    const milk = screen.getByRole('article', { name: 'Milk' });
    expect(within(milk).getByText('Whole 0.00')).toBeInTheDocument();
    expect(within(milk).getByText('Oat +0.50')).toBeInTheDocument();
  });

  test('a manager creates a group and an option, reprices and removes options, removes a group', async () => {
    const { world, user } = await openModifiers();
    await user.type(screen.getByLabelText('Group name'), 'Syrup');
    await user.clear(screen.getByLabelText('Most choices'));
    await user.type(screen.getByLabelText('Most choices'), '3');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText('Added "Syrup".')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New option in Extras'), 'Extra shot');
    await user.type(
      within(screen.getByRole('article', { name: 'Extras' })).getByLabelText('Price change (EUR)'),
      '0,60',
    );
    await user.click(
      within(screen.getByRole('article', { name: 'Extras' })).getByRole('button', { name: 'Add option' }),
    );
    expect(await screen.findByText('Added "Extra shot" to Extras.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Oat' }));
    const price = screen.getByLabelText('Price change of Oat (EUR)');
    await user.clear(price);
    await user.type(price, '-0.10');
    await user.click(screen.getByRole('button', { name: 'Save option' }));
    expect(await screen.findByText('Saved "Oat".')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Whole' }));
    await user.click(screen.getByRole('button', { name: 'Remove group Extras' }));
    expect(await screen.findByText('Removed "Extras".')).toBeInTheDocument();

    expect(world.modifiers.calls).toEqual([
      ['createGroup', COMPANY, { name: 'Syrup', min_choices: 0, max_choices: 3, position: 2 }],
      ['addOption', COMPANY, EXTRAS, { name: 'Extra shot', price_delta: 60, position: 0 }],
      ['updateOption', OAT, { name: 'Oat', price_delta: -10 }],
      ['removeOption', 'whole'],
      ['removeGroup', EXTRAS],
    ]);
    expect(world.syncNow).toHaveBeenCalledTimes(5);
  });

  test('least choices above most choices says why and writes nothing', async () => {
    const { world, user } = await openModifiers();
    await user.type(screen.getByLabelText('Group name'), 'Size');
    await user.clear(screen.getByLabelText('Least choices'));
    await user.type(screen.getByLabelText('Least choices'), '3');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(
      screen.getByText(
        'Least choices (3) cannot be more than most choices (1): a customer could never choose enough.',
      ),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Most choices'));
    await user.type(screen.getByLabelText('Most choices'), '0');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(screen.getByText('Most choices must be at least 1.')).toBeInTheDocument();
    expect(world.modifiers.calls).toEqual([]);
  });

  test('attaches a group to a product at the end of its groups, and removes one', async () => {
    const { world, user } = await openModifiers();
    await user.selectOptions(screen.getByLabelText('Product'), 'Croissant');
    expect(screen.getByText('It asks for no modifiers.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Add group'), 'Extras');
    await user.click(screen.getByRole('button', { name: 'Ask for this group' }));
    expect(await screen.findByText('Croissant now asks for Extras.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Product'), 'Green tea');
    const attached = screen.getByRole('list', { name: 'Groups Green tea asks for' });
    expect(within(attached).getByText('Milk')).toBeInTheDocument();
    // Milk is already asked for: only Extras can be added.
    expect(
      within(screen.getByLabelText('Add group'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Extras']);
    await user.click(screen.getByRole('button', { name: 'Ask for this group' }));
    await user.click(screen.getByRole('button', { name: 'Stop asking for Milk with Green tea' }));
    expect(await screen.findByText('Green tea no longer asks for Milk.')).toBeInTheDocument();

    expect(world.modifiers.calls).toEqual([
      ['attachGroup', COMPANY, CROISSANT.id, EXTRAS, 0],
      ['attachGroup', COMPANY, TEA.id, EXTRAS, 1],
      ['detachGroup', TEA_MILK],
    ]);
  });

  test('offline: a manager is told changes need a connection and cannot press Add group', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { world } = await openModifiers();
      expect(
        screen.getByText('Needs a connection: product changes are saved on the server.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add group' })).toBeDisabled();
      expect(world.modifiers.calls).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  test('a cashier sees the groups, options and attachments, and no edit buttons', async () => {
    const { user } = await openModifiers('cashier');
    expect(screen.getByText('Oat +0.50')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Product'), 'Green tea');
    expect(
      within(screen.getByRole('list', { name: 'Groups Green tea asks for' })).getByText('Milk'),
    ).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Modifiers' });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close modifiers']);
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });
});
