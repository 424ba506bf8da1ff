// Receiving at the till (docs/purchasing.md "Bad input, named"): what an order line may still take, how a
// typed 'Arrived now' reads ([PUR-T3]) and the questions posting asks before a receipt goes out
// ([PUR-T4]…[PUR-T6]). The till asks; the server never refuses for these, it flags ([PUR-21]).
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { mulDivRound, type Minor } from '../money';
import { formatMoney, parseAmount, splitDecimal } from '../money-text';
import { formatQuantity, isQuantity, MILLI_PER_UNIT, type Milli } from '../quantity';
import { err as fail, ok, type Result } from '../result';

export interface OrderLineFigures {
  quantity: Milli;
  received: Milli;
  held: Milli;
  cancelled: Milli;
}

/** [PUR-2] Still to come = max(0, quantity − received − held − cancelled). */
export function stillToCome(line: OrderLineFigures): Milli {
  return Math.max(0, line.quantity - line.received - line.held - line.cancelled);
}

export type ArrivedErrorCode = 'not_a_number' | 'below_zero' | 'not_whole';

/**
 * [PUR-T3] A typed quantity as the register reads quantities (comma or point, at most 3 decimals). Empty is
 * nothing arrived (0): a line left blank is left out of the receipt ([PUR-T7]).
 */
export function parseArrived(
  text: string,
  product: { name: string; weighed: boolean },
): Result<Milli, ArrivedErrorCode> {
  const body = text.replace(/[\s\u00a0\u202f]/gu, '');
  if (body === '') return ok(0);
  if (body.startsWith('-') || body.startsWith('−')) {
    return fail('below_zero', i18n._(msg`A quantity cannot be below zero`));
  }
  const parts = splitDecimal(body, 3);
  const notNumber = () => fail('not_a_number', i18n._(msg`Enter a number, like 12 or 2.5`));
  if (parts === null || parts.fraction.length > 3) return notNumber();
  const value = Number(parts.integer + parts.fraction.padEnd(3, '0'));
  if (!isQuantity(value)) return notNumber();
  if (!product.weighed && value % MILLI_PER_UNIT !== 0) {
    const name = product.name;
    return fail('not_whole', i18n._(msg`${name} is counted in whole units`));
  }
  return ok(value);
}

/** What one line of the receipt being typed knows. */
export interface ReceiptLineDraft {
  product: { id: string; name: string; supplierId: string | null };
  /** The order line it is received against; null: a product not on the order. */
  orderLine: (OrderLineFigures & { unitCost: Minor | null; offSupplier: boolean }) | null;
  /** [PUR-T2] What the till believes has arrived already against that order line. */
  seenReceived: Milli;
  arrived: Milli;
  /** The unit cost typed, or null when the field was left empty. */
  typedCost: Minor | null;
  /** The product's cost in the mirror, used when nothing else says what it cost ([PUR-T6]). */
  productCost: Minor | null;
}

/** A line as a person typed it: the product, the order line (null: an extra), and the two fields' text. */
export interface TypedReceiptLine {
  product: { id: string; name: string; weighed: boolean; supplierId: string | null; cost: Minor | null };
  orderLine: ReceiptLineDraft['orderLine'];
  seenReceived: Milli;
  arrivedText: string;
  costText: string;
}

/** [PUR-T3] [PUR-T6] A typed line read, at the till and in the back office alike: its draft and each field's error. */
export function readTypedLine(
  line: TypedReceiptLine,
  currency: string,
): { draft: ReceiptLineDraft; arrivedError: string | null; costError: string | null } {
  const { product } = line;
  const arrived = parseArrived(line.arrivedText, product);
  const cost = line.costText.trim() === '' ? null : parseAmount(line.costText, currency);
  return {
    draft: {
      product: { id: product.id, name: product.name, supplierId: product.supplierId },
      orderLine: line.orderLine,
      seenReceived: line.seenReceived,
      arrived: arrived.ok ? arrived.value : 0,
      typedCost: cost?.ok === true ? cost.value : null,
      productCost: product.cost,
    },
    arrivedError: arrived.ok ? null : arrived.error.message,
    costError: cost === null || cost.ok ? null : cost.error.message,
  };
}

export interface OrderSupplier {
  id: string;
  name: string;
}

export type ReceiptQuestion =
  | { kind: 'over'; productId: string; ordered: Milli; arriving: Milli; total: Milli }
  | { kind: 'not_on_order'; productId: string; productName: string }
  | { kind: 'other_supplier'; productId: string; productName: string; supplierName: string }
  | { kind: 'cost'; productId: string; ordered: Minor; typed: Minor; pct: number };

/** [PUR-T6] The unit cost sent: the one typed, else the order line's, else (extra) the product's, else none. */
export function receiptUnitCost(line: ReceiptLineDraft): Minor | null {
  if (line.typedCost !== null) return line.typedCost;
  if (line.orderLine) return line.orderLine.unitCost;
  return line.productCost;
}

/** |typed − ordered| as a whole percentage of what the order said, half up. */
function percentApart(ordered: Minor, typed: Minor): number {
  return mulDivRound(Math.abs(typed - ordered), 100, ordered);
}

/**
 * [PUR-T4]…[PUR-T6] The questions a line asks before posting, in the order a person should answer them.
 */
export function lineQuestions(
  line: ReceiptLineDraft,
  supplier: OrderSupplier | null,
  costFlagPct: number,
): ReceiptQuestion[] {
  if (line.arrived <= 0) return [];
  const questions: ReceiptQuestion[] = [];
  const { product, orderLine } = line;
  if (orderLine === null) {
    questions.push({ kind: 'not_on_order', productId: product.id, productName: product.name });
  } else {
    const ordered = orderLine.quantity - orderLine.cancelled;
    const total = line.seenReceived + line.arrived;
    if (total > ordered) {
      questions.push({ kind: 'over', productId: product.id, ordered, arriving: line.arrived, total });
    }
  }
  const offSupplier = orderLine?.offSupplier === true;
  if (supplier && product.supplierId !== null && product.supplierId !== supplier.id && !offSupplier) {
    questions.push({
      kind: 'other_supplier',
      productId: product.id,
      productName: product.name,
      supplierName: supplier.name,
    });
  }
  const ordered = orderLine?.unitCost ?? null;
  if (ordered !== null && ordered > 0 && line.typedCost !== null) {
    const pct = percentApart(ordered, line.typedCost);
    if (pct > costFlagPct)
      questions.push({ kind: 'cost', productId: product.id, ordered, typed: line.typedCost, pct });
  }
  return questions;
}

/** One line of a delivery as it is posted: the op's shape (src/data/ops/purchase-order-receive.ts). */
export interface ReceiptPosting {
  orderLineId: string | null;
  productId: string;
  quantity: Milli;
  unitCost: Minor | null;
  seenReceived: Milli;
}

/** A line after readTypedLine, with the order line it was typed against. */
export interface ReadReceiptLine {
  orderLineId: string | null;
  draft: ReceiptLineDraft;
  arrivedError: string | null;
  costError: string | null;
}

/**
 * What the till's 'Post receipt' and the back office's 'Post' make of their read lines: ready only when every
 * field reads, [PUR-T4]…[PUR-T6]'s questions to ask first, and the lines that say something arrived.
 */
export function receiptOf(
  read: readonly ReadReceiptLine[],
  supplier: OrderSupplier | null,
  costFlagPct: number,
): { valid: boolean; questions: ReceiptQuestion[]; toPost: ReceiptPosting[] } {
  return {
    valid: read.every((line) => line.arrivedError === null && line.costError === null),
    questions: read.flatMap((line) => lineQuestions(line.draft, supplier, costFlagPct)),
    toPost: read
      .filter((line) => line.draft.arrived > 0)
      .map(({ orderLineId, draft }) => ({
        orderLineId,
        productId: draft.product.id,
        quantity: draft.arrived,
        unitCost: receiptUnitCost(draft),
        seenReceived: draft.seenReceived,
      })),
  };
}

/** A question in words, with its 'yes' button's label. */
export function questionWords(question: ReceiptQuestion, currency: string): { text: string; yes: string } {
  switch (question.kind) {
    case 'over': {
      const ordered = formatQuantity(question.ordered);
      const arriving = formatQuantity(question.arriving);
      const total = formatQuantity(question.total);
      return {
        text: i18n._(
          msg`You ordered ${ordered}; with these ${arriving}, ${total} will have arrived. Receive ${arriving}?`,
        ),
        yes: i18n._(msg`Receive`),
      };
    }
    case 'not_on_order': {
      const name = question.productName;
      return {
        text: i18n._(msg`${name} is not on this order. Add it to this delivery?`),
        yes: i18n._(msg`Add it`),
      };
    }
    case 'other_supplier': {
      const { supplierName: supplier, productName: name } = question;
      return {
        text: i18n._(msg`${supplier} does not supply ${name}. Add it anyway?`),
        yes: i18n._(msg`Add anyway`),
      };
    }
    case 'cost': {
      const said = formatMoney(question.ordered, currency);
      const typed = formatMoney(question.typed, currency);
      const pct = question.pct;
      return {
        text:
          question.typed > question.ordered
            ? i18n._(msg`The order said ${said}; ${typed} is ${pct} % more. Keep ${typed}?`)
            : i18n._(msg`The order said ${said}; ${typed} is ${pct} % less. Keep ${typed}?`),
        yes: i18n._(msg`Keep this cost`),
      };
    }
  }
}
