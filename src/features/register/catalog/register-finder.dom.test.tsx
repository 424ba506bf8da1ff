// Finding products at the register: the quick-keys grid before anything is typed, category tabs filtering
// it, managers editing quick keys (a server write that needs a connection, then a sync), and an unknown
// barcode that a manager can add on the spot while a cashier only reads the message.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pinnedIds } from '../../../domain/ids';
import { makeCatalogEdits, type ProductWrites } from './catalog-edits';
import { RegisterScreen } from '../register-screen';
import {
  BAGUETTE,
  BANANAS,
  COMPANY,
  CROISSANT,
  registerWorld,
  TART,
  withFakeLayout,
} from '../register-test-deps';

afterEach(cleanup);
// Person-paced typing and clicking on a shared, busy machine takes longer than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
withFakeLayout();

const person = () => userEvent.setup({ delay: 50 });
const SCANNER = { minLength: 6, maxGapMs: 250 };

/** A server that takes every write, and a switch for the connection. */
function fakeServer() {
  const network = { online: true };
  const writes = {
    update: vi.fn<ProductWrites['update']>(() => Promise.resolve({ error: null, count: 1 })),
    insert: vi.fn<ProductWrites['insert']>(() => Promise.resolve({ error: null })),
  };
  const syncNow = vi.fn();
  const edits = makeCatalogEdits({
    writes,
    companyId: COMPANY,
    ids: pinnedIds(),
    syncNow,
    online: () => network.online,
  });
  return { network, writes, syncNow, edits };
}

async function openRegister(options: Parameters<typeof registerWorld>[0] = {}) {
  const world = await registerWorld({ scanner: SCANNER, ...options });
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

/** Types like a person and waits until the scanner hook has let every key through to the field. */
async function typeInto(field: HTMLElement, text: string) {
  await person().type(field, text);
  await vi.waitFor(() => {
    expect(field).toHaveValue(text);
  });
}

const quickKeys = () => screen.getByRole('group', { name: 'Quick keys' });

describe('quick keys and categories', () => {
  test('favourites show in key order before anything is typed, and sell with one tap', async () => {
    await openRegister({ quickKeys: { [TART.id]: 1, [CROISSANT.id]: 2, [BANANAS.id]: 3 } });
    const keys = within(quickKeys()).getAllByRole('button');
    expect(keys.map((key) => key.textContent)).toEqual([
      expect.stringMatching(/^1Apple tart€3\.90/),
      expect.stringMatching(/^2Croissant€2\.50/),
      expect.stringMatching(/^3Bananas/),
    ]);
    // Below zero is flagged on the key too, and never blocks the sale.
    expect(keys[0]).toHaveTextContent('-2 in stock');
    await person().click(within(quickKeys()).getByRole('button', { name: /Croissant/ }));
    expect(screen.getByLabelText('Quantity of Croissant')).toHaveValue('1');

    await person().type(screen.getByLabelText('Search products'), 'bag');
    expect(screen.queryByRole('group', { name: 'Quick keys' })).not.toBeInTheDocument();
  });

  test('a category tab filters the favourites and the list', async () => {
    await openRegister({ quickKeys: { [TART.id]: 1, [BANANAS.id]: 2 } });
    await person().click(screen.getByRole('button', { name: 'Fruit' }));
    expect(within(quickKeys()).getAllByRole('button')).toHaveLength(1);
    expect(within(quickKeys()).getByRole('button')).toHaveTextContent('Bananas');
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((tile) => tile.textContent),
    ).toEqual([expect.stringMatching(/^Bananas/)]);
  });

  test('a cashier has no quick-key editing', async () => {
    const server = fakeServer();
    await openRegister({ role: 'cashier', catalogEdits: server.edits });
    expect(screen.queryByRole('button', { name: 'Edit quick keys' })).not.toBeInTheDocument();
  });

  test('a manager gives a product the next free key and takes one away; then the mirror is synced', async () => {
    const server = fakeServer();
    await openRegister({ role: 'manager', catalogEdits: server.edits, quickKeys: { [TART.id]: 1 } });
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Edit quick keys' }));
    expect(screen.getByRole('button', { name: 'Edit quick keys' })).toHaveAttribute('aria-pressed', 'true');

    const list = screen.getByRole('list', { name: 'Search results' });
    await user.click(within(list).getByRole('button', { name: /^Baguette/ }));
    expect(await within(quickKeys()).findByRole('button', { name: /^2\s*Baguette/ })).toBeInTheDocument();
    expect(server.writes.update).toHaveBeenLastCalledWith(BAGUETTE.id, { quick_key: 2 });
    expect(server.syncNow).toHaveBeenCalledTimes(1);
    // Editing sells nothing.
    expect(screen.getByText(/The cart is empty/)).toBeInTheDocument();

    await user.click(within(quickKeys()).getByRole('button', { name: /Apple tart/ }));
    expect(server.writes.update).toHaveBeenLastCalledWith(TART.id, { quick_key: null });
    await vi.waitFor(() => {
      expect(within(quickKeys()).getAllByRole('button')).toHaveLength(1);
    });

    await user.click(screen.getByRole('button', { name: 'Edit quick keys' }));
    await user.click(within(quickKeys()).getByRole('button', { name: /Baguette/ }));
    expect(screen.getByLabelText('Quantity of Baguette')).toHaveValue('1');
  });

  test('offline, a quick-key edit says it needs a connection and changes nothing', async () => {
    const server = fakeServer();
    server.network.online = false;
    await openRegister({ role: 'owner', catalogEdits: server.edits });
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Edit quick keys' }));
    await user.click(screen.getByRole('button', { name: /^Baguette/ }));
    expect(await screen.findByText(/Needs a connection: product changes/)).toBeInTheDocument();
    expect(server.writes.update).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'Quick keys' })).not.toBeInTheDocument();
  });
});

describe('unknown barcode', () => {
  test('a cashier reads the message and nothing more', async () => {
    await openRegister({ role: 'cashier' });
    await userEvent.setup().keyboard('9999999999999{Enter}');
    expect(await screen.findByText('No product has the barcode 9999999999999.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add it as a new product' })).not.toBeInTheDocument();
  });

  test('a manager adds the product on the spot: server insert, sync, into the cart and the index', async () => {
    const server = fakeServer();
    await openRegister({ role: 'manager', catalogEdits: server.edits });
    await userEvent.setup().keyboard('9999999999999{Enter}');
    const user = person();
    await user.click(await screen.findByRole('button', { name: 'Add it as a new product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    expect(within(dialog).getByLabelText('Barcode')).toHaveValue('9999999999999');
    expect(within(dialog).getByLabelText('Tax rate (%)')).toHaveValue('20');
    await typeInto(within(dialog).getByLabelText('Name'), 'Oat cookie');
    await typeInto(within(dialog).getByLabelText('Price'), '1.80');
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));

    expect(await screen.findByLabelText('Quantity of Oat cookie')).toHaveValue('1');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€1.80');
    expect(server.writes.insert).toHaveBeenCalledWith(
      expect.objectContaining({ company_id: COMPANY, name: 'Oat cookie', price: 180, tax_rate_bp: 2000 }),
    );
    expect(server.syncNow).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/No product has the barcode/)).not.toBeInTheDocument();

    // The next scan finds it in the index.
    await userEvent.setup().keyboard('9999999999999{Enter}');
    expect(await screen.findByDisplayValue('2')).toBe(screen.getByLabelText('Quantity of Oat cookie'));
  });

  test('offline, adding the product says it needs a connection', async () => {
    const server = fakeServer();
    server.network.online = false;
    await openRegister({ role: 'manager', catalogEdits: server.edits });
    await userEvent.setup().keyboard('9999999999999{Enter}');
    const user = person();
    await user.click(await screen.findByRole('button', { name: 'Add it as a new product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    await typeInto(within(dialog).getByLabelText('Name'), 'Oat cookie');
    await typeInto(within(dialog).getByLabelText('Price'), '1.80');
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Needs a connection');
    expect(server.writes.insert).not.toHaveBeenCalled();
  });
});
