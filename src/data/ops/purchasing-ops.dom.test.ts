import { describe, expect, test } from 'vitest';
import {
  addTerminal,
  COMPANY_A,
  freshLedger,
  freshMirror,
  PRODUCT,
  STORE,
  testDeps,
} from '../../../tests/support/ledger-fixtures';
import { orderForReceiving, ordersToReceive, stillToComeHere } from '../local/purchasing-reads';
import { onHand } from '../local/stock-on-hand';
import { opTitle } from './registry';
import { receivePurchaseOrder } from './purchase-order-receive';
import { sendCounts } from './stocktake-count';
import { receiveTransfer } from './transfer-receive';
import { sendTransfer } from './transfer-send';

const ORDER = 'd9000000-0000-4000-8000-000000000001';
const ORDER_LINE = 'd9100000-0000-4000-8000-000000000001';
const SUPPLIER = 'd8000000-0000-4000-8000-000000000001';
const RECEIPT = 'd9200000-0000-4000-8000-000000000001';
const CASHIER = 'd3000000-0000-4000-8000-000000000001';

async function mirrorWithOrder() {
  const mirror = freshMirror();
  await mirror.products.put({
    id: PRODUCT,
    company_id: COMPANY_A,
    category_id: null,
    sku: 'FRU-0112',
    barcode: '2000000000114',
    name: 'Organic carrots',
    price: 99,
    tax_rate_bp: 550,
    track_stock: true,
    active: true,
    weighed: false,
    cost: 50,
    supplier_id: SUPPLIER,
  });
  await mirror.suppliers.put({ id: SUPPLIER, company_id: COMPANY_A, name: 'Fresh Fields Produce' });
  await mirror.purchaseOrders.put({
    id: ORDER,
    company_id: COMPANY_A,
    store_id: STORE,
    supplier_id: SUPPLIER,
    number: 'PO-0002',
    status: 'ordered',
    expected_on: '2026-11-22',
  });
  await mirror.purchaseOrderLines.put({
    id: ORDER_LINE,
    company_id: COMPANY_A,
    purchase_order_id: ORDER,
    store_id: STORE,
    product_id: PRODUCT,
    position: 1,
    quantity: '24.000',
    unit_cost: 60,
    received: '0.000',
    held: '0.000',
    cancelled: '0.000',
  });
  await mirror.stockLevels.put({
    id: 'l',
    company_id: COMPANY_A,
    store_id: STORE,
    product_id: PRODUCT,
    on_hand: 10,
  });
  return mirror;
}

describe('purchasing ops on the till', () => {
  test('[PUR-T7] [PUR-T2] a delivery writes the receipt, a receive delta per line and the op; on-hand rises at once', async () => {
    const ledger = freshLedger();
    const mirror = await mirrorWithOrder();
    const terminal = await addTerminal(ledger);
    const deps = testDeps(ledger);
    expect(await ordersToReceive(mirror, STORE)).toEqual([
      {
        id: ORDER,
        number: 'PO-0002',
        status: 'ordered',
        supplierName: 'Fresh Fields Produce',
        expectedOn: '2026-11-22',
      },
    ]);
    const posted = await receivePurchaseOrder(deps, {
      terminal,
      orderId: ORDER,
      receiptId: RECEIPT,
      lines: [
        { orderLineId: ORDER_LINE, productId: PRODUCT, quantity: 12_000, unitCost: 65, seenReceived: 0 },
        { orderLineId: null, productId: PRODUCT, quantity: 0, unitCost: null, seenReceived: 0 },
      ],
      stamp: { cashier_id: CASHIER },
    });
    expect(posted.ok).toBe(true);
    const [op] = await ledger.outbox.toArray();
    expect(op).toMatchObject({
      name: 'purchase_order.receive',
      entity: { table: 'purchaseReceipts', id: RECEIPT },
      args: {
        id: RECEIPT,
        purchase_order_id: ORDER,
        terminal_id: terminal.id,
        cashier_id: CASHIER,
        lines: [
          {
            purchase_order_line_id: ORDER_LINE,
            product_id: PRODUCT,
            quantity: '12.000',
            unit_cost: 65,
            seen_received: '0.000',
          },
        ],
      },
    });
    expect(op && opTitle(op)).toBe('Delivery received');
    const lineId = (op?.args.lines as { id: string }[])[0]?.id;
    expect(await ledger.stockMovements.get(lineId ?? '')).toMatchObject({
      reason: 'receive',
      delta: 12_000,
      settled: 0,
    });
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(22_000);

    // A second delivery on this till, before any pull: it has seen its own 12.
    const [carrots] = (await orderForReceiving(ledger, mirror, ORDER))?.lines ?? [];
    expect(carrots).toMatchObject({ seenReceived: 12_000, received: 0 });
    expect(carrots && stillToComeHere(carrots)).toBe(12_000);
    // The pull brings the receipt and the line's received back: the same figure, not twice.
    await mirror.purchaseReceipts.put({ id: RECEIPT, company_id: COMPANY_A, purchase_order_id: ORDER });
    await mirror.purchaseOrderLines.update(ORDER_LINE, { received: '12.000' });
    expect((await orderForReceiving(ledger, mirror, ORDER))?.lines[0]?.seenReceived).toBe(12_000);
  });

  test('[PUR-T7] nothing above zero cannot be posted, and nothing is written', async () => {
    const ledger = freshLedger();
    const terminal = await addTerminal(ledger);
    const refused = await receivePurchaseOrder(testDeps(ledger), {
      terminal,
      orderId: ORDER,
      receiptId: RECEIPT,
      lines: [{ orderLineId: ORDER_LINE, productId: PRODUCT, quantity: 0, unitCost: null, seenReceived: 0 }],
      stamp: { cashier_id: null },
    });
    expect(refused).toMatchObject({ ok: false, error: { message: 'Nothing has been entered as arrived' } });
    expect(await ledger.outbox.count()).toBe(0);
    expect(await ledger.stockMovements.count()).toBe(0);
  });

  test('[PUR-T10] [PUR-T11] [PUR-T13] transfers and counts carry the person and say what they are', async () => {
    const ledger = freshLedger();
    const mirror = freshMirror();
    const terminal = await addTerminal(ledger);
    const deps = testDeps(ledger);
    const stamp = { cashier_id: CASHIER };
    const transferId = 'da000000-0000-4000-8000-000000000001';
    const line = 'da100000-0000-4000-8000-000000000001';
    expect(
      (
        await sendTransfer(deps, {
          terminal,
          transferId,
          id: deps.ids(),
          stamp,
          lines: [{ transferLineId: line, productId: PRODUCT, sent: 5_000 }],
        })
      ).ok,
    ).toBe(true);
    expect(await ledger.stockMovements.get(line)).toMatchObject({ reason: 'transfer', delta: -5_000 });
    const received = await receiveTransfer(deps, {
      terminal,
      transferId,
      receiptId: deps.ids(),
      stamp,
      lines: [{ transferLineId: line, productId: PRODUCT, received: 3_000, damaged: 1_000, seenReceived: 0 }],
    });
    expect(received.ok).toBe(true);
    expect(await onHand(ledger, mirror, STORE, PRODUCT)).toBe(-2_000);
    const counted = await sendCounts(deps, {
      terminal,
      stocktakeId: 'db000000-0000-4000-8000-000000000001',
      id: deps.ids(),
      stamp,
      lines: [
        {
          id: deps.ids(),
          productId: PRODUCT,
          zone: 'Back',
          counted: 7_000,
          countedAt: '2026-11-21T09:00:00Z',
          replaces: null,
        },
      ],
    });
    expect(counted.ok).toBe(true);
    const ops = await ledger.outbox.orderBy('seq').toArray();
    expect(ops.map((op) => [op.name, opTitle(op), op.args.cashier_id])).toEqual([
      ['transfer.send', 'Transfer sent', CASHIER],
      ['transfer.receive', 'Transfer received', CASHIER],
      ['stocktake.count', 'Stocktake counts', CASHIER],
    ]);
    expect(ops[2]?.args.lines).toEqual([
      expect.objectContaining({ counted: '7.000', zone: 'Back', replaces: null }),
    ]);
  });
});
