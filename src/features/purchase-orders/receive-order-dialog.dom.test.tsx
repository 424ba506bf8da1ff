// 'Receive' on a purchase order's page (issue 38) against a real ledger on fake-indexeddb and a fake server:
// the dialog's lines with what this device knows has arrived ([PUR-T2]: the server's received and held and
// this device's receipt not synced yet, not the one the server has), bad input named as at the till
// ([PUR-T3]), far above the order asked first ([PUR-T4]), and the op queued with the back office's fields only.
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { COMPANY_A, freshLedger, STORE, testDeps } from '../../../tests/support/ledger-fixtures';
import type { LedgerDb } from '../../data/local/ledger-db';
import { ok } from '../../domain/result';
import { PurchaseOrderEditor } from './purchase-order-editor';
import type { OrderDetail, OrderProduct, PurchaseOrdersDeps } from './purchase-orders-deps';

const FRESH = 'd5000000-0000-4000-8000-000000000001';
const ORDER = '01939a00-0000-7000-8000-0000000000a1';
const LINE = '01939a00-0000-7000-8000-0000000000a2';
const SYNCED_RECEIPT = '01939a00-0000-7000-8000-0000000000c1';
const LOCAL_RECEIPT = '01939a00-0000-7000-8000-0000000000c2';
const CARROTS: OrderProduct = {
  id: 'd4000000-0000-4000-8000-000000000112',
  name: 'Organic carrots',
  sku: 'FRU-0112',
  weighed: false,
  cost: 60,
  supplierId: FRESH,
};

const ORDERED: OrderDetail = {
  id: ORDER,
  number: 'PO-0001',
  storeId: STORE,
  supplierId: FRESH,
  status: 'partly_received',
  expectedOn: '2026-11-23',
  note: '',
  version: 3,
  orderedAt: '2026-11-20T09:00:00Z',
  lines: [
    {
      id: LINE,
      productId: CARROTS.id,
      quantity: 24_000,
      unitCost: 60,
      offSupplier: false,
      received: 12_000,
      held: 5_000,
      cancelled: 0,
    },
  ],
  heldLines: [],
  receiptIds: [SYNCED_RECEIPT],
  events: [],
};

/** Two receipts of this device: one the server has (in `received`), one still waiting to sync. */
async function addLocalReceipts(ledger: LedgerDb): Promise<void> {
  for (const [id, sync, quantity] of [
    [SYNCED_RECEIPT, 'synced', 12_000],
    [LOCAL_RECEIPT, 'pending', 3_000],
  ] as const) {
    await ledger.purchaseReceipts.add({
      id,
      company_id: COMPANY_A,
      purchase_order_id: ORDER,
      store_id: STORE,
      terminal_id: null,
      occurred_at: '2026-11-21T08:00:00Z',
      op_id: `op-${id}`,
      sync,
      error: null,
    });
    await ledger.purchaseReceiptLines.add({
      id: `${id.slice(0, -2)}d${id.slice(-1)}`,
      receipt_id: id,
      purchase_order_id: ORDER,
      purchase_order_line_id: LINE,
      product_id: CARROTS.id,
      quantity,
      unit_cost: 60,
      seen_received: 0,
    });
  }
}

async function openDialog() {
  const ledger = freshLedger();
  await addLocalReceipts(ledger);
  const deps: PurchaseOrdersDeps = {
    companyId: COMPANY_A,
    shopName: 'Demo Shop',
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    commandDeps: testDeps(ledger, () => crypto.randomUUID()),
    remote: {
      list: () => Promise.resolve(ok([])),
      get: () => Promise.resolve(ok(ORDERED)),
      suppliers: () => Promise.resolve(ok([{ id: FRESH, name: 'Fresh Fields Produce', leadTimeDays: 2 }])),
      received: () => Promise.resolve(ok([])),
    },
    stores: () => Promise.resolve([{ id: STORE, name: 'Demo Shop Main Street' }]),
    products: () => Promise.resolve([CARROTS]),
    sendToSupplier: vi.fn(() => Promise.resolve(ok({ status: 'ordered' }))),
    download: vi.fn(),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PurchaseOrderEditor deps={deps} orderId={ORDER} onSaved={vi.fn()} onPrint={vi.fn()} />
    </QueryClientProvider>,
  );
  // The receipt not synced yet is said on the page.
  expect(await screen.findByText('Received on this device, not synced yet')).toBeInTheDocument();
  expect(screen.getByText('3 × Organic carrots')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
  const dialog = await screen.findByRole('dialog', { name: 'Receive PO-0001' });
  const line = within(dialog).getByRole('group', { name: 'Organic carrots' });
  return { ledger, dialog, line };
}

async function type(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '') await userEvent.type(field, text);
}

afterEach(cleanup);

describe("'Receive' on a purchase order's page", () => {
  test('[PUR-T2] each line shows what was ordered and what this device knows has arrived', async () => {
    const { line } = await openDialog();
    // 12 received + 5 held on the server + 3 of this device's receipt not synced yet; the synced one is in the 12.
    expect(within(line).getByText('Ordered').nextElementSibling).toHaveTextContent('24');
    expect(within(line).getByText('Already received').nextElementSibling).toHaveTextContent('20');
    expect(within(line).getByLabelText('Unit cost')).toHaveValue('0.60');
  });

  test('[PUR-T3] bad input is named as at the till, and nothing is queued', async () => {
    const { ledger, dialog, line } = await openDialog();
    const post = within(dialog).getByRole('button', { name: 'Post' });
    await userEvent.click(post);
    expect(await within(dialog).findByText('Nothing has been entered as arrived')).toBeInTheDocument();
    const arrived = within(line).getByLabelText('Arrived now');
    await type(arrived, 'lots');
    expect(within(line).getByText('Enter a number, like 12 or 2.5')).toBeInTheDocument();
    await userEvent.click(post);
    expect(within(dialog).getByText('Some lines need a change before posting.')).toBeInTheDocument();
    await type(arrived, '-2');
    expect(within(line).getByText('A quantity cannot be below zero')).toBeInTheDocument();
    await type(arrived, '1.5');
    expect(within(line).getByText('Organic carrots is counted in whole units')).toBeInTheDocument();
    expect(await ledger.outbox.count()).toBe(0);
  });

  test('[PUR-T4] far above the order asks first; the op carries the lines and no till or person', async () => {
    const { ledger, dialog, line } = await openDialog();
    await type(within(line).getByLabelText('Arrived now'), '10');
    await type(within(line).getByLabelText('Unit cost'), '0.62');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    const question = within(dialog).getByRole('group', { name: 'Question' });
    expect(
      within(question).getByText('You ordered 24; with these 10, 30 will have arrived. Receive 10?'),
    ).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Change' }));
    expect(await ledger.outbox.count()).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await userEvent.click(
      within(within(dialog).getByRole('group', { name: 'Question' })).getByRole('button', {
        name: 'Receive',
      }),
    );
    expect(await screen.findByText('10 × Organic carrots')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'purchase_order.receive',
      terminal_id: null,
      args: {
        purchase_order_id: ORDER,
        company_id: COMPANY_A,
        lines: [
          {
            purchase_order_line_id: LINE,
            product_id: CARROTS.id,
            quantity: '10.000',
            unit_cost: 62,
            seen_received: '20.000',
          },
        ],
      },
    });
    // The server knows who is signed in: no till, no cashier, no proof is sent for it to distrust.
    for (const field of ['terminal_id', 'cashier_id', 'cashier_proof', 'staff_id', 'store_id']) {
      expect(op?.args).not.toHaveProperty(field);
    }
    // On-hand rises on this device at once: a local receive movement at the order's store.
    const [movement] = await ledger.stockMovements.toArray();
    expect(movement).toMatchObject({
      store_id: STORE,
      product_id: CARROTS.id,
      delta: 10_000,
      reason: 'receive',
    });
  });
});
