// Products → Promotions: the form checks a promotion with checkPromotion before saving and shows each problem
// under its field in words ([PROMO-14]: 120 % off, an end before the start, a bundle of nothing), and a
// server's refusal naming a field the same way, keeping what was typed; a good draft is sent in the stored
// snake_case shape; cashiers read without edit buttons; a batch of coupon codes is exported as CSV.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromotionRow } from '../../../data/remote/promotion-rows';
import { COUPON_ALPHABET } from '../../../domain/promotions/coupon-codes';
import { COMPANY, CROISSANT, fakeLayout } from '../products-test-deps';
import { PromotionsPage } from './promotions-page';
import { promotionsWorld } from './promotions-test-deps';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });
let restoreLayout: () => void;
beforeAll(() => {
  restoreLayout = fakeLayout();
});
afterAll(() => {
  restoreLayout();
});

const HAPPY_HOUR: PromotionRow = {
  id: 'f6000000-0000-4000-8000-000000000001',
  name: 'Happy hour',
  status: 'active',
  priority: 10,
  combinable: true,
  startsAt: null,
  endsAt: null,
  slots: [{ days: [1, 2, 3, 4, 5], from: 960, to: 1080 }],
  storeIds: [],
  customersOnly: false,
  couponOnly: false,
  rule: { kind: 'fixed_price', items: { productIds: [CROISSANT.id], categoryIds: [] }, unitPrice: 150 },
  updatedAt: '2026-11-01T00:00:00Z',
};

async function openNew() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New promotion' }));
  return { user, form: screen.getByRole('form', { name: 'New promotion' }) };
}

function setDay(label: string, day: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: day } });
}

describe('the promotion form', () => {
  test('[PROMO-14] 120 % off, an end before the start and no items are refused under their fields; nothing is sent, nothing typed is lost', async () => {
    const world = await promotionsWorld();
    render(<PromotionsPage deps={world.deps} />);
    const { user, form } = await openNew();
    await user.type(within(form).getByLabelText('Percentage off (%)'), '120');
    setDay('First day', '2026-12-10');
    setDay('Last day', '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Add promotion' }));
    expect(within(form).getByText('Enter a name.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a percentage from 0 to 100.')).toBeInTheDocument();
    expect(within(form).getByText('The end date is before the start date.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one product or category.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Percentage off (%)')).toHaveValue('120');
    expect(within(form).getByLabelText('Percentage off (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(world.book.calls).toEqual([]);
  });

  test('[PROMO-14] a bundle of nothing, a zero quantity and a bad slot are named', async () => {
    const world = await promotionsWorld();
    render(<PromotionsPage deps={world.deps} />);
    const { user, form } = await openNew();
    await user.type(within(form).getByLabelText('Name'), 'Breakfast');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Bundle price');
    await user.clear(within(form).getByLabelText('How many of part 1'));
    await user.type(within(form).getByLabelText('How many of part 1'), '0');
    await user.click(within(form).getByRole('button', { name: 'Add hours' }));
    await user.type(within(form).getByLabelText('From (hh:mm)'), '18:00');
    await user.type(within(form).getByLabelText('To (hh:mm)'), '16:00');
    await user.click(within(form).getByRole('button', { name: 'Add promotion' }));
    expect(within(form).getAllByText('Choose at least one product or category.')).toHaveLength(2);
    expect(within(form).getByText('Enter a whole number, 1 or more.')).toBeInTheDocument();
    expect(within(form).getByText('Enter an amount of 0 or more.')).toBeInTheDocument();
    expect(
      within(form).getByText(
        'Choose at least one day, and a start time before the end time (00:00 to 24:00).',
      ),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Remove part 2' }));
    await user.click(within(form).getByRole('button', { name: 'Remove part 1' }));
    await user.click(within(form).getByRole('button', { name: 'Add promotion' }));
    expect(within(form).getByText('Add at least one part to the bundle.')).toBeInTheDocument();
    expect(world.book.calls).toEqual([]);
  });

  test('[PROMO-OFF-2] a good draft is sent in the stored shape: items chosen by search, 12,5 % in basis points, the days as instants', async () => {
    const world = await promotionsWorld();
    render(<PromotionsPage deps={world.deps} />);
    const { user, form } = await openNew();
    await user.type(within(form).getByLabelText('Name'), 'Croissant week');
    await user.type(within(form).getByLabelText('Find products or categories for: Items'), 'crois');
    await user.click(within(form).getByRole('button', { name: 'Add Croissant' }));
    await user.type(within(form).getByLabelText('Percentage off (%)'), '12,5');
    setDay('First day', '2026-12-01');
    setDay('Last day', '2026-12-07');
    await user.click(within(form).getByLabelText('Harbour'));
    await user.click(within(form).getByRole('button', { name: 'Add promotion' }));
    expect(await screen.findByText('Added "Croissant week".')).toBeInTheDocument();
    expect(world.book.calls).toEqual([
      [
        'save',
        COMPANY,
        null,
        {
          name: 'Croissant week',
          priority: 100,
          combinable: true,
          // Paris is UTC+1 in December: the shop's days start at 23:00 UTC the evening before.
          starts_at: '2026-11-30T23:00:00.000Z',
          ends_at: '2026-12-07T23:00:00.000Z',
          slots: [],
          store_ids: ['f2000000-0000-4000-8000-000000000002'],
          customers_only: false,
          coupon_only: false,
          rule: {
            kind: 'percent_off',
            items: { product_ids: [CROISSANT.id], category_ids: [] },
            rate: 1250,
          },
        },
      ],
    ]);
  });

  test("[PROMO-OFF-2] a server refusal naming a field is shown under it, in the app's words; the draft stays", async () => {
    const world = await promotionsWorld({ promotions: [HAPPY_HOUR] });
    world.book.nextSave = {
      ok: false,
      message: 'The server refused this (code rate_out_of_range).',
      problem: { field: 'rule.unitPrice', code: 'amount_out_of_range' },
    };
    render(<PromotionsPage deps={world.deps} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Happy hour' }));
    const form = screen.getByRole('form', { name: 'Edit Happy hour' });
    expect(within(form).getByLabelText('Price of each item (EUR)')).toHaveValue('1.50');
    expect(within(form).getByLabelText('From (hh:mm)')).toHaveValue('16:00');
    await user.click(within(form).getByRole('button', { name: 'Save promotion' }));
    expect(await within(form).findByText('Enter an amount of 0 or more.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Price of each item (EUR)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Name')).toHaveValue('Happy hour');
  });
});

describe('the list', () => {
  test('[PROMO-OFF-1] shows kind, status and schedule in words; managers pause; cashiers read without edit buttons', async () => {
    const world = await promotionsWorld({ promotions: [HAPPY_HOUR] });
    const { unmount } = render(<PromotionsPage deps={world.deps} />);
    const table = await screen.findByRole('table', { name: 'Promotions' });
    const row = within(table).getByRole('row', { name: /Happy hour/ });
    expect(row).toHaveTextContent('Fixed price (happy hour)');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent(/Always; Mon, Tue, Wed, Thu, Fri 16:00–18:00/);
    expect(row).toHaveTextContent('Every store');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Pause Happy hour' }));
    expect(world.book.calls).toEqual([['setStatus', HAPPY_HOUR.id, 'paused']]);
    unmount();

    const cashier = await promotionsWorld({ role: 'cashier', promotions: [HAPPY_HOUR] });
    render(<PromotionsPage deps={cashier.deps} />);
    await screen.findByRole('table', { name: 'Promotions' });
    expect(screen.queryByRole('button', { name: 'New promotion' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Happy hour' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Coupons for Happy hour' })).toBeInTheDocument();
    expect(
      screen.getByText('You can look promotions up here; managers and owners change them.'),
    ).toBeInTheDocument();
  });

  test('[PROMO-OFF-3] a batch of codes is made with the prefix upper-cased and exported as CSV', async () => {
    const world = await promotionsWorld({ promotions: [HAPPY_HOUR] });
    render(<PromotionsPage deps={world.deps} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Coupons for Happy hour' }));
    const batch = await screen.findByRole('form', { name: 'Make a batch of codes' });
    await user.clear(within(batch).getByLabelText('How many codes'));
    await user.type(within(batch).getByLabelText('How many codes'), '5');
    await user.type(within(batch).getByLabelText('Prefix'), 'xmas');
    await user.click(within(batch).getByRole('button', { name: 'Make codes' }));
    expect(await screen.findByText('Made 5 single-use codes.')).toBeInTheDocument();
    expect(world.book.calls).toEqual([
      ['addCouponBatch', COMPANY, HAPPY_HOUR.id, { count: 5, prefix: 'XMAS', expires_at: null }],
    ]);
    await user.click(screen.getByRole('button', { name: 'Export the batch as CSV' }));
    const [name, csv] = world.download.mock.calls[0] as [string, string];
    expect(name).toMatch(/^coupons-happy-hour-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.split('\n');
    expect(lines[0]).toBe('Code,Promotion,Expires,Uses allowed');
    expect(lines).toHaveLength(6);
    const symbols = `[${COUPON_ALPHABET}]{4}`;
    for (const line of lines.slice(1)) {
      expect(line).toMatch(new RegExp(`^XMAS-${symbols}-${symbols}-${symbols},Happy hour,,1$`));
    }
  });
});
