// 'Receive' in the back office (issue 38): one delivery against an order the server has, read with the
// till's rules (src/domain/purchasing/receipt-lines.ts: [PUR-T3] what 'Arrived now' may say, [PUR-T4] and
// [PUR-T6] the questions before posting) and [PUR-T2]'s seen_received: the server's received and held plus
// this device's receipts of the order the server does not have yet. Pure, so it is tested without a screen.
import { currencyExponent } from '../../domain/currency';
import type { Minor } from '../../domain/money';
import { toDecimalString } from '../../domain/money-text';
import {
  readTypedLine,
  receiptOf,
  type OrderSupplier,
  type ReceiptLineDraft,
  type ReceiptQuestion,
} from '../../domain/purchasing/receipt-lines';
import { seenReceived, type LocalReceiptLine } from '../../domain/purchasing/seen-received';
import type { Milli } from '../../domain/quantity';
import type { ReceiveLineInput } from '../../data/ops/purchase-order-receive';
import type { OrderDetail, OrderLineRow, OrderProduct } from './purchase-orders-deps';

/** One order line in the dialog, with what was typed. */
export interface ReceiptRow {
  line: OrderLineRow;
  product: OrderProduct;
  /** [PUR-T2] What this device believes has arrived against the line. */
  seen: Milli;
  arrivedText: string;
  costText: string;
}

export function costTextOf(cost: Minor | null, currency: string): string {
  return cost === null ? '' : toDecimalString(cost, currencyExponent(currency));
}

/** The order's lines of known products, nothing arrived yet, each unit cost the line's. */
export function receiptRowsOf(
  detail: OrderDetail,
  products: ReadonlyMap<string, OrderProduct>,
  local: readonly LocalReceiptLine[],
  currency: string,
): ReceiptRow[] {
  return detail.lines.flatMap((line) => {
    const product = products.get(line.productId);
    if (!product) return [];
    return [
      {
        line,
        product,
        seen: seenReceived(line.id, line, local),
        arrivedText: '',
        costText: costTextOf(line.unitCost, currency),
      },
    ];
  });
}

export interface ReadRow {
  orderLineId: string;
  draft: ReceiptLineDraft;
  arrivedError: string | null;
  costError: string | null;
}

export interface ReadOrderReceipt {
  rows: ReadRow[];
  /** No field has an error. */
  valid: boolean;
  questions: ReceiptQuestion[];
  /** The op's lines: those with something arrived. */
  toPost: ReceiveLineInput[];
}

function readRow(row: ReceiptRow, currency: string): ReadRow {
  const { line, product } = row;
  return {
    orderLineId: line.id,
    ...readTypedLine(
      {
        product,
        orderLine: line,
        seenReceived: row.seen,
        arrivedText: row.arrivedText,
        costText: row.costText,
      },
      currency,
    ),
  };
}

/** The delivery as typed: each field's error, the questions to ask, and what 'Post' sends. */
export function readOrderReceipt(
  rows: readonly ReceiptRow[],
  supplier: OrderSupplier | null,
  currency: string,
  costFlagPct: number,
): ReadOrderReceipt {
  const read = rows.map((row) => readRow(row, currency));
  return { rows: read, ...receiptOf(read, supplier, costFlagPct) };
}
