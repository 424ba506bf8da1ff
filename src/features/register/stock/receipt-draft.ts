// The state of 'Receive stock' for one order while it is typed: a line per order line and per product added
// that is not on the order, each with what was typed. Pure, so the form's rules are tested without a screen.
import type { Minor } from '../../../domain/money';
import { toDecimalString } from '../../../domain/money-text';
import { currencyExponent } from '../../../domain/currency';
import {
  parseArrived,
  readTypedLine,
  receiptOf,
  type ReceiptLineDraft,
  type ReceiptQuestion,
} from '../../../domain/purchasing/receipt-lines';
import { MILLI_PER_UNIT } from '../../../domain/quantity';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import type { ReceivingLine, ReceivingOrder } from '../../../data/local/purchasing-reads';
import type { ReceiveLineInput } from '../../../data/ops/purchase-order-receive';

export interface DraftLine {
  /** The order line's id, or `extra:<product id>`. */
  key: string;
  product: MirrorProduct;
  orderLine: ReceivingLine | null;
  arrivedText: string;
  costText: string;
}

function costText(cost: Minor | null | undefined, currency: string): string {
  return cost === null || cost === undefined ? '' : toDecimalString(cost, currencyExponent(currency));
}

/** The order's lines, nothing arrived yet, each unit cost the order's. */
export function draftOf(order: ReceivingOrder, currency: string): DraftLine[] {
  return order.lines.map((line) => ({
    key: line.orderLineId,
    product: line.product,
    orderLine: line,
    arrivedText: '',
    costText: costText(line.unitCost, currency),
  }));
}

/** A product not on the order, added with one arrived (a scan) at the product's cost. */
export function withExtra(
  lines: readonly DraftLine[],
  product: MirrorProduct,
  currency: string,
): DraftLine[] {
  return [
    ...lines,
    {
      key: `extra:${product.id}`,
      product,
      orderLine: null,
      arrivedText: '1',
      costText: costText(product.cost, currency),
    },
  ];
}

/** A scan of a product already on the receipt: one more arrived (typed text that is not a number restarts at 1). */
export function addOne(line: DraftLine): DraftLine {
  const now = parseArrived(line.arrivedText, { name: line.product.name, weighed: true });
  const next = now.ok ? now.value + MILLI_PER_UNIT : MILLI_PER_UNIT;
  return { ...line, arrivedText: String(next / MILLI_PER_UNIT) };
}

export interface ReadLine {
  orderLineId: string | null;
  draft: ReceiptLineDraft;
  /** What is wrong with what was typed, per field. */
  arrivedError: string | null;
  costError: string | null;
}

/** [PUR-T3] [PUR-T6] One line as typed, read. */
export function readLine(line: DraftLine, order: ReceivingOrder, currency: string): ReadLine {
  const { orderLine, product } = line;
  return {
    orderLineId: orderLine?.orderLineId ?? null,
    ...readTypedLine(
      {
        product: {
          id: product.id,
          name: product.name,
          weighed: product.weighed,
          supplierId: product.supplier_id ?? null,
          cost: product.cost ?? null,
        },
        orderLine,
        seenReceived: orderLine ? orderLine.seenReceived : order.extraSeen(product.id),
        arrivedText: line.arrivedText,
        costText: line.costText,
      },
      currency,
    ),
  };
}

export interface ReadReceipt {
  lines: ReadLine[];
  /** No field has an error. */
  valid: boolean;
  questions: ReceiptQuestion[];
  /** The op's lines: those with something arrived. */
  toPost: ReceiveLineInput[];
}

/** The whole receipt as typed: errors, [PUR-T4]…[PUR-T6]'s questions, and what 'Post receipt' sends. */
export function readReceipt(
  lines: readonly DraftLine[],
  order: ReceivingOrder,
  currency: string,
  costFlagPct: number,
): ReadReceipt {
  const read = lines.map((line) => readLine(line, order, currency));
  return { lines: read, ...receiptOf(read, order.supplier, costFlagPct) };
}
