// Finding products at the register: the quick-keys grid before anything is typed, category tabs filtering
// it, managers editing quick keys (a server write that needs a connection, then a sync), and an unknown
// barcode that a manager can add on the spot while a cashier only reads the message. Variants (issue 21):
// tapping a product with options asks for them in one step, with combinations not on sale disabled, and adds
// the variant the picks name; a variant's barcode adds it directly; a search finds variants by any option
// value; the list before anything is typed shows the parent, not its variants.
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
  STORE,
  CROISSANT,
  registerWorld,
  TART,
  TSHIRT,
  TSHIRT_VARIANTS,
  withFakeLayout,
  person,
} from '../register-test-deps';

afterEach(cleanup);
// Person-paced typing and clicking on a shared, busy machine takes longer than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
withFakeLayout();

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

const products = () => screen.getByRole('region', { name: 'Products' });

describe('[VAR-C1] [VAR-C3] tapping a parent asks for its options', () => {
  test('one row of buttons per option; Size then Colour adds that variant, not the parent', async () => {
    await openRegister({ variants: true, quickKeys: { [TSHIRT.id]: 1 } });
    await person().click(
      within(screen.getByRole('group', { name: 'Quick keys' })).getByRole('button', { name: /T-shirt/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Choose T-shirt' });
    const size = within(dialog).getByRole('group', { name: 'Size' });
    const colour = within(dialog).getByRole('group', { name: 'Colour' });
    expect(
      within(size)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['S', 'M', 'L']);
    expect(
      within(colour)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Blue', 'Black']);

    await person().click(within(size).getByRole('button', { name: 'L' }));
    expect(within(size).getByRole('button', { name: 'L' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText(/^Quantity of/)).not.toBeInTheDocument();
    await person().click(within(colour).getByRole('button', { name: 'Black' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Quantity of T-shirt L / Black')).toHaveValue('1');
    expect(screen.queryByLabelText('Quantity of T-shirt')).not.toBeInTheDocument();
  });

  test('a combination not on sale is disabled, and a pick that leaves one variant adds it at once', async () => {
    await openRegister({ variants: true });
    await typeInto(screen.getByLabelText('Search products'), 'T-shirt');
    await person().click(within(products()).getByRole('button', { name: /^T-shirt\s*€15\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose T-shirt' });
    await person().click(
      within(within(dialog).getByRole('group', { name: 'Colour' })).getByRole('button', { name: 'Black' }),
    );
    // M comes only in Blue: with Black picked, M cannot be.
    expect(
      within(within(dialog).getByRole('group', { name: 'Size' })).getByRole('button', { name: 'M' }),
    ).toBeDisabled();
    await person().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await person().click(within(products()).getByRole('button', { name: /^T-shirt\s*€15\.00/ }));
    const again = await screen.findByRole('dialog', { name: 'Choose T-shirt' });
    await person().click(
      within(within(again).getByRole('group', { name: 'Size' })).getByRole('button', { name: 'M' }),
    );
    expect(screen.getByLabelText('Quantity of T-shirt M / Blue')).toHaveValue('1');
  });
});

describe('finding variants', () => {
  test("[PSTOCK-T1] a parent's tile shows its variants' stock added up, never its own zero", async () => {
    const world = await registerWorld({ scanner: SCANNER, variants: true });
    const [blueS, , , , blackL] = TSHIRT_VARIANTS;
    if (!blueS || !blackL) throw new Error('fixture');
    await world.mirror.stockLevels.bulkPut([
      { id: 'v1', company_id: COMPANY, store_id: STORE, product_id: blueS.id, on_hand: 4 },
      { id: 'v5', company_id: COMPANY, store_id: STORE, product_id: blackL.id, on_hand: 3 },
    ]);
    render(<RegisterScreen deps={world.deps} />);
    await typeInto(screen.getByLabelText('Search products'), 'T-shirt');
    const tile = (start: string) =>
      within(products())
        .getAllByRole('button')
        .find((button) => button.textContent.startsWith(start));
    await vi.waitFor(() => {
      expect(tile('T-shirt€15.00')).toHaveTextContent('5 variants, 7 in stock');
    });
    expect(tile('T-shirt€15.00')).not.toHaveTextContent('0 in stock');
    expect(tile('T-shirt S / Blue')).toHaveTextContent('4 in stock');
    expect(tile('T-shirt M / Blue')).toHaveTextContent('0 in stock');
  });

  test("a variant's barcode adds that variant, without asking", async () => {
    await openRegister({ variants: true });
    const variant = TSHIRT_VARIANTS[1];
    if (!variant?.barcode) throw new Error('fixture');
    await userEvent.setup().keyboard(`${variant.barcode}{Enter}`);
    expect(await screen.findByLabelText('Quantity of T-shirt S / Black')).toHaveValue('1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('[VAR-3] a search finds variants by an option value; the list of everything shows only the parent', async () => {
    await openRegister({ variants: true });
    const names = () =>
      within(products())
        .queryAllByRole('button')
        .map((b) => b.textContent)
        .filter((text) => text.startsWith('T-shirt'));
    expect(names()).toEqual([expect.stringMatching(/^T-shirt€15\.00/)]);
    await typeInto(screen.getByLabelText('Search products'), 'black');
    expect(names()).toEqual([
      expect.stringMatching(/^T-shirt L \/ Black/),
      expect.stringMatching(/^T-shirt S \/ Black/),
    ]);
  });
});
