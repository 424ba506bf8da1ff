// The Suppliers panel (issue 22, [INS-8]): a manager adds, edits and removes suppliers, with bad input said in
// plain words and nothing sent; offline says a connection is needed; a cashier reads the list with no buttons.
// The product form's 'Supplier' select saves a product's supplier ([INS-9]).
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberRole } from '../../data/remote/memberships';
import { err } from '../../domain/result';
import { ProductsPage } from './products-page';
import {
  BAGUETTE,
  COMPANY,
  CROISSANT,
  FRESH_FIELDS,
  OLD_BUN,
  productsWorld,
  TEA,
  withFakeLayout,
} from './products-test-deps';

afterEach(cleanup);
// Typing into several fields takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
withFakeLayout();

/** The products screen (the Baguette bought from Fresh Fields) with Suppliers open. */
async function openSuppliers(role: MemberRole = 'manager') {
  const world = await productsWorld({
    role,
    products: [CROISSANT, TEA, OLD_BUN, { ...BAGUETTE, supplier_id: FRESH_FIELDS.id }],
  });
  const user = userEvent.setup();
  render(<ProductsPage deps={world.deps} />);
  await user.click(await screen.findByRole('button', { name: 'Suppliers' }));
  await screen.findByText('Fresh Fields Produce');
  return { world, user, panel: screen.getByRole('region', { name: 'Suppliers' }) };
}

describe('Suppliers panel', () => {
  test('lists each supplier with its lead time and contact; a manager adds one', async () => {
    const { world, user, panel } = await openSuppliers();
    expect(panel).toHaveTextContent('Fresh Fields Produce — lead time 2 days · orders@freshfields.example');
    await user.type(within(panel).getByLabelText('Supplier name'), '  Bean & Leaf Coffee ');
    await user.type(within(panel).getByLabelText('Supplier email'), 'hello@beanandleaf.example');
    await user.clear(within(panel).getByLabelText('Supplier lead time (days)'));
    await user.type(within(panel).getByLabelText('Supplier lead time (days)'), '5');
    await user.click(within(panel).getByRole('button', { name: 'Add supplier' }));
    expect(await within(panel).findByText('Added "Bean & Leaf Coffee".')).toBeInTheDocument();
    expect(world.suppliers.calls).toEqual([
      [
        'create',
        COMPANY,
        { name: 'Bean & Leaf Coffee', email: 'hello@beanandleaf.example', phone: null, lead_time_days: 5 },
      ],
    ]);
    // The list is read again from the server, and the mirror pulled.
    expect(await within(panel).findByText('Bean & Leaf Coffee')).toBeInTheDocument();
    expect(world.syncNow).toHaveBeenCalledOnce();
    expect(within(panel).getByLabelText('Supplier name')).toHaveValue('');
  });

  test('a name already used (whatever its case) or a lead time out of range is said in words, nothing sent', async () => {
    const { world, user, panel } = await openSuppliers();
    const add = within(panel).getByRole('button', { name: 'Add supplier' });
    await user.type(within(panel).getByLabelText('Supplier name'), 'fresh fields produce');
    await user.click(add);
    expect(
      within(panel).getByText('A supplier named "Fresh Fields Produce" already exists.'),
    ).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Supplier name'));
    await user.type(within(panel).getByLabelText('Supplier name'), 'Dairy Co');
    const lead = within(panel).getByLabelText('Supplier lead time (days)');
    for (const bad of ['367', '2.5', 'soon']) {
      await user.clear(lead);
      await user.type(lead, bad);
      await user.click(add);
      expect(
        within(panel).getByText('Lead time is a whole number of days from 0 to 366.'),
      ).toBeInTheDocument();
    }
    await user.clear(lead);
    await user.type(lead, '3');
    await user.type(within(panel).getByLabelText('Supplier email'), 'dairy at example');
    await user.click(add);
    expect(within(panel).getByText('"dairy at example" is not an email address.')).toBeInTheDocument();
    expect(world.suppliers.calls).toEqual([]);
  });

  test("the server's refusal is shown as it says it", async () => {
    const { world, user, panel } = await openSuppliers();
    world.suppliers.create = () =>
      Promise.resolve(err('duplicate', 'A supplier named "Dairy Co" already exists.'));
    await user.type(within(panel).getByLabelText('Supplier name'), 'Dairy Co');
    await user.click(within(panel).getByRole('button', { name: 'Add supplier' }));
    expect(await within(panel).findByText('A supplier named "Dairy Co" already exists.')).toBeInTheDocument();
    expect(world.syncNow).not.toHaveBeenCalled();
  });

  test('a manager edits the lead time and removes a supplier, whose product is let go', async () => {
    const { world, user, panel } = await openSuppliers();
    await user.click(within(panel).getByRole('button', { name: 'Edit Fresh Fields Produce' }));
    const lead = within(panel).getByLabelText('Fresh Fields Produce lead time (days)');
    expect(lead).toHaveValue('2');
    await user.clear(lead);
    await user.type(lead, '3');
    await user.click(within(panel).getByRole('button', { name: 'Save supplier' }));
    expect(await within(panel).findByText('Saved "Fresh Fields Produce".')).toBeInTheDocument();
    expect(await within(panel).findByText(/lead time 3 days/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Remove Fresh Fields Produce' }));
    expect(
      await within(panel).findByText('Removed "Fresh Fields Produce". Its product has no supplier now.'),
    ).toBeInTheDocument();
    expect(world.suppliers.calls).toEqual([
      [
        'update',
        FRESH_FIELDS.id,
        { name: 'Fresh Fields Produce', email: 'orders@freshfields.example', phone: null, lead_time_days: 3 },
      ],
      ['remove', FRESH_FIELDS.id],
    ]);
    expect(await within(panel).findByText('No suppliers yet.')).toBeInTheDocument();
  });

  test('offline: it says suppliers need a connection, and nothing can be added', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const world = await productsWorld();
      world.suppliers.online = false;
      const user = userEvent.setup();
      render(<ProductsPage deps={world.deps} />);
      await user.click(await screen.findByRole('button', { name: 'Suppliers' }));
      const panel = screen.getByRole('region', { name: 'Suppliers' });
      expect(
        await within(panel).findByText('Suppliers need a connection: they are kept on the server.'),
      ).toBeInTheDocument();
      expect(within(panel).queryByRole('button', { name: 'Add supplier' })).toBeNull();
      expect(world.suppliers.calls).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  test('a cashier sees the suppliers and no edit buttons', async () => {
    const { panel } = await openSuppliers('cashier');
    expect(panel).toHaveTextContent('managers and owners change them');
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close suppliers']);
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });
});

describe("the product form's Supplier", () => {
  test('chooses one of the shop’s suppliers and saves it with the product', async () => {
    const world = await productsWorld();
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Croissant' }));
    const supplier = screen.getByLabelText('Supplier');
    await screen.findByRole('option', { name: 'Fresh Fields Produce' });
    expect(supplier).toHaveValue('');
    await user.selectOptions(supplier, 'Fresh Fields Produce');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Saved "Croissant".')).toBeInTheDocument();
    expect(world.writer.calls[0]).toEqual([
      'updateProduct',
      CROISSANT.id,
      expect.objectContaining({ supplier_id: FRESH_FIELDS.id }),
    ]);
  });

  test('an unchanged supplier is not sent; offline the current one stays chosen', async () => {
    const world = await productsWorld({ products: [{ ...CROISSANT, supplier_id: FRESH_FIELDS.id }] });
    world.suppliers.online = false;
    const user = userEvent.setup();
    render(<ProductsPage deps={world.deps} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Croissant' }));
    expect(screen.getByLabelText('Supplier')).toHaveValue(FRESH_FIELDS.id);
    expect(screen.getByRole('option', { name: 'Its current supplier' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Saved "Croissant".')).toBeInTheDocument();
    expect(world.writer.calls[0]?.[2]).not.toHaveProperty('supplier_id');
  });
});
