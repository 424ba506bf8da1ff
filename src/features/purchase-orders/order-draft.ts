// The purchase order form as typed (docs/purchasing.md, the editor): the header and lines as text, checked
// line by line in words a person understands ([PUR-T3]'s words: not a number, below zero, a fraction of a
// product sold by the piece) before anything is queued, and the figures each line shows. Pure.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SaveOrderInput } from '../../data/ops/purchase-order-save';
import { currencyExponent } from '../../domain/currency';
import { mulDivRound } from '../../domain/money';
import { parseAmount, toDecimalString } from '../../domain/money-text';
import { quantityText, type Milli } from '../../domain/quantity';
import { parseQuantity } from '../../domain/quantity';
import type { OrderDetail, OrderProduct } from './purchase-orders-deps';

export interface DraftLine {
  id: string;
  productId: string;
  quantityText: string;
  unitCostText: string;
  offSupplier: boolean;
  received: Milli;
  held: Milli;
  cancelled: Milli;
}

export interface OrderForm {
  supplierId: string;
  storeId: string;
  /** YYYY-MM-DD, or '' for the server's default. */
  expectedOn: string;
  note: string;
  lines: DraftLine[];
}

export interface LineProblems {
  quantity?: string;
  unitCost?: string;
}

export function costText(cost: number | null, currency: string): string {
  return cost === null ? '' : toDecimalString(cost, currencyExponent(currency));
}

/** A new line for a product: one of it, at the product's cost ([PUR-11]'s default, shown so it can change). */
export function newLine(
  id: string,
  product: OrderProduct,
  currency: string,
  quantity: Milli = 1000,
): DraftLine {
  return {
    id,
    productId: product.id,
    quantityText: quantityText(quantity),
    unitCostText: costText(product.cost, currency),
    offSupplier: false,
    received: 0,
    held: 0,
    cancelled: 0,
  };
}

export function formOf(detail: OrderDetail, currency: string): OrderForm {
  return {
    supplierId: detail.supplierId,
    storeId: detail.storeId,
    expectedOn: detail.expectedOn ?? '',
    note: detail.note,
    lines: detail.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      quantityText: quantityText(line.quantity),
      unitCostText: costText(line.unitCost, currency),
      offSupplier: line.offSupplier,
      received: line.received,
      held: line.held,
      cancelled: line.cancelled,
    })),
  };
}

/** A typed quantity: more than zero, whole for a product sold by the piece; else the problem in words. */
export function readQuantity(
  text: string,
  product: OrderProduct | undefined,
): { value: Milli } | { problem: string } {
  const body = text.trim();
  if (body.startsWith('-') || body.startsWith('−'))
    return { problem: i18n._(msg`A quantity cannot be below zero`) };
  if (body === '') return { problem: i18n._(msg`Enter a number, like 12 or 2.5`) };
  const parsed = parseQuantity(body, { weighed: product?.weighed ?? true });
  if (parsed.ok) return { value: parsed.value };
  switch (parsed.error.code) {
    case 'not_whole': {
      const name = product?.name ?? '';
      return { problem: i18n._(msg`${name} is counted in whole units`) };
    }
    case 'not_positive':
      return { problem: i18n._(msg`Order more than zero, or remove the line`) };
    case 'too_many_decimals':
    case 'too_large':
      return { problem: parsed.error.message };
    default:
      return { problem: i18n._(msg`Enter a number, like 12 or 2.5`) };
  }
}

/** A typed unit cost: empty is "unknown" (null); else an amount of zero or more. */
export function readUnitCost(text: string, currency: string): { value: number | null } | { problem: string } {
  if (text.trim() === '') return { value: null };
  const parsed = parseAmount(text, currency, { allowNegative: true });
  if (!parsed.ok) {
    return parsed.error.code === 'not_a_number'
      ? { problem: i18n._(msg`Enter a cost, like 0.90`) }
      : { problem: parsed.error.message };
  }
  if (parsed.value < 0) return { problem: i18n._(msg`A cost cannot be below zero`) };
  return { value: parsed.value };
}

/** What a line costs: quantity × unit cost, rounded half up to a minor unit; null when either is unknown. */
export function lineCost(
  line: DraftLine,
  product: OrderProduct | undefined,
  currency: string,
): number | null {
  const quantity = readQuantity(line.quantityText, product);
  const cost = readUnitCost(line.unitCostText, currency);
  if (!('value' in quantity) || !('value' in cost) || cost.value === null) return null;
  return mulDivRound(quantity.value, cost.value, 1000);
}

/** Still to come = max(0, quantity − received − held − cancelled) ([PUR-2]). */
export function stillToCome(
  quantity: Milli,
  line: Pick<DraftLine, 'received' | 'held' | 'cancelled'>,
): Milli {
  return Math.max(0, quantity - line.received - line.held - line.cancelled);
}

export type FormCheck =
  | { ok: true; input: Omit<SaveOrderInput, 'id' | 'companyId' | 'baseVersion'> }
  | { ok: false; header: string | null; lines: Map<string, LineProblems> };

/** Checks the whole form; a bad line is named by its field, and nothing is queued until every line reads. */
export function checkForm(
  form: OrderForm,
  products: ReadonlyMap<string, OrderProduct>,
  currency: string,
): FormCheck {
  const problems = new Map<string, LineProblems>();
  const lines: SaveOrderInput['lines'][number][] = [];
  for (const line of form.lines) {
    const product = products.get(line.productId);
    const quantity = readQuantity(line.quantityText, product);
    const cost = readUnitCost(line.unitCostText, currency);
    const lineProblems: LineProblems = {
      ...('problem' in quantity ? { quantity: quantity.problem } : {}),
      ...('problem' in cost ? { unitCost: cost.problem } : {}),
    };
    if ('value' in quantity && 'value' in cost) {
      lines.push({
        id: line.id,
        productId: line.productId,
        quantity: quantity.value,
        unitCost: cost.value,
        offSupplier: line.offSupplier,
      });
    } else {
      problems.set(line.id, lineProblems);
    }
  }
  const header =
    form.supplierId === ''
      ? i18n._(msg`Choose the supplier.`)
      : form.storeId === ''
        ? i18n._(msg`Choose the store.`)
        : form.lines.length === 0
          ? i18n._(msg`Add at least one product.`)
          : null;
  if (header !== null || problems.size > 0) return { ok: false, header, lines: problems };
  return {
    ok: true,
    input: {
      supplierId: form.supplierId,
      storeId: form.storeId,
      expectedOn: form.expectedOn === '' ? null : form.expectedOn,
      note: form.note,
      lines,
    },
  };
}
