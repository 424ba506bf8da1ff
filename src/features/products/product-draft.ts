// A product form's draft: the text people type, kept in component state so nothing is lost while offline,
// and its check into the fields the server stores (product-writes.ts ProductFields). Pure.
import { t } from '@lingui/core/macro';
import type { MirrorProduct } from '../../data/local/mirror-db';
import type { ProductFields } from '../../data/remote/product-writes';
import {
  checkCode,
  checkCost,
  checkName,
  checkPrice,
  checkReorderLevel,
  checkScaleCode,
  checkTaxPercent,
  costText,
  numericText,
  priceText,
  taxPercentText,
} from './product-fields';

export interface ProductDraft {
  name: string;
  sku: string;
  barcode: string;
  categoryId: string;
  price: string;
  cost: string;
  taxPercent: string;
  trackStock: boolean;
  reorderLevel: string;
  scaleCode: string;
}

export type DraftErrors = Partial<Record<keyof ProductDraft, string>>;

export function draftOf(
  product: MirrorProduct | null,
  currency: string,
  defaultTaxRateBp: number,
): ProductDraft {
  if (!product) {
    return {
      name: '',
      sku: '',
      barcode: '',
      categoryId: '',
      price: '',
      cost: '',
      taxPercent: taxPercentText(defaultTaxRateBp),
      trackStock: true,
      reorderLevel: '',
      scaleCode: '',
    };
  }
  return {
    name: product.name,
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    categoryId: product.category_id ?? '',
    price: priceText(product.price, currency),
    cost: costText(product.cost, currency),
    taxPercent: taxPercentText(product.tax_rate_bp),
    trackStock: product.track_stock,
    reorderLevel: numericText(product.reorder_level),
    scaleCode: product.scale_code ?? '',
  };
}

/**
 * Checks a draft. `holderOf(barcode)` names the other active product that already has that barcode (a
 * barcode scans to one product, SCHEMA-7), `scaleHolderOf(code)` the other product with that scale item
 * code (SCALE-4); the server checks both again and answers 23505.
 */
export function checkDraft(
  draft: ProductDraft,
  currency: string,
  holderOf: (barcode: string) => string | null,
  scaleHolderOf: (code: string) => string | null = () => null,
): { ok: true; fields: ProductFields } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const name = checkName(draft.name);
  if (!name.ok) errors.name = name.error.message;
  const sku = checkCode(draft.sku, 'SKU');
  if (!sku.ok) errors.sku = sku.error.message;
  const barcode = checkCode(draft.barcode, 'barcode');
  if (!barcode.ok) errors.barcode = barcode.error.message;
  else if (barcode.value !== null) {
    const holder = holderOf(barcode.value);
    if (holder !== null) errors.barcode = t`Another product already has that barcode ("${holder}").`;
  }
  const price = checkPrice(draft.price, currency);
  if (!price.ok) errors.price = price.error.message;
  const cost = checkCost(draft.cost, currency);
  if (!cost.ok) errors.cost = cost.error.message;
  const tax = checkTaxPercent(draft.taxPercent);
  if (!tax.ok) errors.taxPercent = tax.error.message;
  const level = checkReorderLevel(draft.reorderLevel);
  if (!level.ok) errors.reorderLevel = level.error.message;
  const scaleCode = checkScaleCode(draft.scaleCode);
  if (!scaleCode.ok) errors.scaleCode = scaleCode.error.message;
  else if (scaleCode.value !== null) {
    const holder = scaleHolderOf(scaleCode.value);
    if (holder !== null)
      errors.scaleCode = t`Another product already has that scale item code ("${holder}").`;
  }
  if (
    !name.ok ||
    !sku.ok ||
    !barcode.ok ||
    !price.ok ||
    !cost.ok ||
    !tax.ok ||
    !level.ok ||
    !scaleCode.ok ||
    Object.keys(errors).length > 0
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    fields: {
      name: name.value,
      sku: sku.value,
      barcode: barcode.value,
      category_id: draft.categoryId === '' ? null : draft.categoryId,
      price: price.value,
      cost: cost.value,
      tax_rate_bp: tax.value,
      track_stock: draft.trackStock,
      reorder_level: level.value,
      scale_code: scaleCode.value,
    },
  };
}
