// Insights → Inventory's purchase list (issue 22, [INS-11]): a heading per supplier with its lead time, "No
// supplier" last, each group's total and 'Export purchase list' for that supplier's CSV; the whole list's
// export stays.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_A, freshLedger, testDeps } from '../../../../tests/support/ledger-fixtures';
import { downloadFile } from '../../../lib/download';
import { draftOrderWith } from './draft-order';
import { PurchaseLists } from './purchase-lists';
import type { ReorderRow } from './purchase-list';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));
afterEach(() => {
  cleanup();
  vi.mocked(downloadFile).mockClear();
});

const FRESH = 'f5000000-0000-4000-8000-000000000001';
const period = { from: '2026-11-01', to: '2026-11-30' };

function row(
  name: string,
  sku: string,
  supplier: string | null,
  fields: Partial<ReorderRow> = {},
): ReorderRow {
  return {
    product_id: `id-${name}`,
    name,
    sku,
    supplier,
    supplier_id: supplier === null ? null : FRESH,
    supplier_name: supplier,
    lead_days: supplier === null ? 7 : 2,
    unit_cost: 79,
    on_hand: 2,
    on_order: 0,
    in_transit: 0,
    per_day: 0.26,
    reorder_level: 10,
    reorder_point: 10,
    order_quantity: 12,
    order_cost: 948,
    ...fields,
  };
}

const ROWS = [
  row('Mug', 'MUG-1', null, { unit_cost: 400, order_cost: 1600, order_quantity: 4 }),
  // [PUR-38] 6 still to come on an open order and 1 on its way from another store count in its position.
  row('Green apples', 'FRU-0127', 'Fresh Fields Produce', { on_order: 6, in_transit: 1 }),
];

test('a heading per supplier with its lead time, "No supplier" last, each with its table and total', () => {
  render(<PurchaseLists rows={ROWS} period={period} currency="EUR" note="How it works." />);
  const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
  expect(headings).toEqual(['Fresh Fields Produce — lead time 2 days', 'No supplier — lead time 7 days']);
  const fresh = screen.getByRole('region', { name: 'Purchase list: Fresh Fields Produce' });
  expect(within(fresh).getByRole('table', { name: 'Purchase list: Fresh Fields Produce' })).toHaveTextContent(
    'Green apples',
  );
  expect(within(fresh).queryByText('Mug')).toBeNull();
  expect(within(fresh).getByText(/^Total €9\.48$/)).toBeInTheDocument();
});

test("'Export purchase list' downloads that supplier's CSV, named after it; the whole list still exports", async () => {
  const user = userEvent.setup();
  render(<PurchaseLists rows={ROWS} period={period} currency="EUR" note="" />);
  const fresh = screen.getByRole('region', { name: 'Purchase list: Fresh Fields Produce' });
  await user.click(within(fresh).getByRole('button', { name: 'Export purchase list' }));
  expect(downloadFile).toHaveBeenCalledWith(
    'tillpoint-purchase-list-fresh-fields-produce-2026-11-01-to-2026-11-30.csv',
    'SKU,Product,Order quantity,Unit cost,Line cost\nFRU-0127,Green apples,12,0.79,9.48\n,Total,,,9.48',
    'text/csv',
  );
  await user.click(screen.getByRole('button', { name: 'Export purchase list as CSV' }));
  const [name, csv] = vi.mocked(downloadFile).mock.calls[1] ?? [];
  expect(name).toBe('tillpoint-purchase-list-2026-11-01-to-2026-11-30.csv');
  expect(csv?.split('\n')).toEqual([
    'Product,SKU,Supplier,In stock,On order,In transit,Sold per day,Reorder point,Order,Order cost',
    'Mug,MUG-1,No supplier,2,0,0,0.26,10,4,16.00',
    'Green apples,FRU-0127,Fresh Fields Produce,2,6,1,0.26,10,12,9.48',
  ]);
});

test('nothing to reorder says so, and the export is disabled', () => {
  render(<PurchaseLists rows={[]} period={period} currency="EUR" note="" />);
  expect(
    screen.getByText('Nothing to reorder: every product is above its reorder point.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export purchase list as CSV' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Export purchase list' })).toBeNull();
});

test("[PUR-38] 'Draft order' on a supplier's group queues a draft of its rows for the store chosen and opens it", async () => {
  const ledger = freshLedger();
  const commandDeps = testDeps(ledger, () => crypto.randomUUID());
  const open = vi.fn();
  const stores = [
    { id: 'd2000000-0000-4000-8000-000000000001', name: 'Demo Shop Main Street' },
    { id: 'd2000000-0000-4000-8000-000000000002', name: 'Demo Shop Market Square' },
  ];
  const rows = [
    row('Green apples', 'FRU-0127', 'Fresh Fields Produce', {
      product_id: 'd4000000-0000-4000-8000-000000000127',
    }),
    row('Bananas', 'FRU-0101', 'Fresh Fields Produce', {
      product_id: 'd4000000-0000-4000-8000-000000000101',
      order_quantity: 2.5,
      unit_cost: 90,
    }),
    row('Mug', 'MUG-1', null),
  ];
  render(
    <PurchaseLists
      rows={rows}
      period={period}
      currency="EUR"
      note=""
      draftOrder={{ stores, draft: draftOrderWith(commandDeps, COMPANY_A), open }}
    />,
  );
  // "No supplier" has no order to draft: there is no one to send it to.
  expect(screen.getAllByRole('button', { name: /^Draft order/ })).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'Draft order to Fresh Fields Produce' }));
  expect(await screen.findByText('Choose the store this order is for.')).toBeInTheDocument();
  await userEvent.selectOptions(
    screen.getByLabelText('Store for the order to Fresh Fields Produce'),
    'd2000000-0000-4000-8000-000000000002',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Draft order to Fresh Fields Produce' }));
  await vi.waitFor(() => {
    expect(open).toHaveBeenCalled();
  });
  const [op] = await ledger.outbox.toArray();
  expect(op).toMatchObject({
    name: 'purchase_order.save',
    args: {
      store_id: 'd2000000-0000-4000-8000-000000000002',
      supplier_id: FRESH,
      lines: [
        { product_id: 'd4000000-0000-4000-8000-000000000127', quantity: '12.000', unit_cost: 79 },
        { product_id: 'd4000000-0000-4000-8000-000000000101', quantity: '2.500', unit_cost: 90 },
      ],
    },
  });
  expect(open).toHaveBeenCalledWith(op?.args.id);
});
