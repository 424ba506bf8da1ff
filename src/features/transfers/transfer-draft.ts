// The transfer form as typed: two stores, a note and lines of product and quantity, checked in words before
// anything is queued (the quantity rules are a purchase order's, [PUR-25]). Pure.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SaveTransferInput } from '../../data/ops/transfer-save';
import { parseQuantity, quantityText, type Milli } from '../../domain/quantity';
import type { TransferDetail, TransferProduct } from './transfers-deps';

export interface TransferDraftLine {
  id: string;
  productId: string;
  quantityText: string;
}

export interface TransferForm {
  fromStoreId: string;
  toStoreId: string;
  note: string;
  lines: TransferDraftLine[];
}

export function transferFormOf(detail: TransferDetail): TransferForm {
  return {
    fromStoreId: detail.fromStoreId,
    toStoreId: detail.toStoreId,
    note: detail.note,
    lines: detail.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      quantityText: quantityText(line.quantity),
    })),
  };
}

/** A typed quantity to move: more than zero, whole for a product sold by the piece; else the problem in words. */
export function readSent(
  text: string,
  product: TransferProduct | undefined,
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
      return { problem: i18n._(msg`Move more than zero, or remove the line`) };
    case 'too_many_decimals':
    case 'too_large':
      return { problem: parsed.error.message };
    default:
      return { problem: i18n._(msg`Enter a number, like 12 or 2.5`) };
  }
}

export type TransferCheck =
  | { ok: true; input: Omit<SaveTransferInput, 'id' | 'companyId' | 'baseVersion'> }
  | { ok: false; header: string | null; lines: Map<string, string> };

/** Checks the whole form; a bad line is named in words, and nothing is queued until every line reads. */
export function checkTransferForm(
  form: TransferForm,
  products: ReadonlyMap<string, TransferProduct>,
): TransferCheck {
  const problems = new Map<string, string>();
  const lines: SaveTransferInput['lines'][number][] = [];
  for (const line of form.lines) {
    const quantity = readSent(line.quantityText, products.get(line.productId));
    if ('value' in quantity) lines.push({ id: line.id, productId: line.productId, quantity: quantity.value });
    else problems.set(line.id, quantity.problem);
  }
  const header =
    form.fromStoreId === ''
      ? i18n._(msg`Choose the store it leaves from.`)
      : form.toStoreId === ''
        ? i18n._(msg`Choose the store it goes to.`)
        : form.fromStoreId === form.toStoreId
          ? i18n._(msg`A transfer goes from one store to another: pick two different stores.`)
          : form.lines.length === 0
            ? i18n._(msg`Add at least one product.`)
            : null;
  if (header !== null || problems.size > 0) return { ok: false, header, lines: problems };
  return {
    ok: true,
    input: { fromStoreId: form.fromStoreId, toStoreId: form.toStoreId, note: form.note, lines },
  };
}
