// What a scanned code rings up. A product's own barcode or SKU comes first, always: a shop may have numbered
// products in the 2x range itself. Only then is a code whose prefix the shop's scale uses read as a label
// (SCALE-4, SCALE-6), and a label that cannot be rung up says what was read and what is missing. Any other
// code is unknown, and the register offers to add it as a new product.
import { t } from '@lingui/core/macro';
import {
  labelledItem,
  readEmbeddedBarcode,
  type EmbeddedLayout,
  type EmbeddedRead,
  type LabelledItem,
} from '../../../domain/embedded-barcode';
import { formatMoney } from '../../../domain/money-text';
import type { ProductSearchIndex } from '../../../domain/product-search';
import { formatQuantity } from '../../../domain/quantity';
import { productSnapshot } from '../../../domain/snapshots';
import type { MirrorProduct } from '../../../data/local/mirror-db';

export type ScanAnswer =
  | { kind: 'product'; product: MirrorProduct }
  | { kind: 'label'; product: MirrorProduct; item: LabelledItem; code: string }
  | { kind: 'problem'; message: string }
  | { kind: 'unknown' };

export function lookUpScan(
  scanned: string,
  index: ProductSearchIndex<MirrorProduct>,
  layouts: readonly EmbeddedLayout[],
  currency: string,
): ScanAnswer {
  const product = index.findByCode(scanned);
  if (product) return { kind: 'product', product };
  const code = scanned.trim();
  if (!layouts.some((layout) => code.startsWith(layout.prefix))) return { kind: 'unknown' };
  const read = readEmbeddedBarcode(code, layouts, currency);
  if (!read.ok) {
    return read.error.code === 'not_embedded'
      ? { kind: 'unknown' }
      : { kind: 'problem', message: read.error.message };
  }
  const labelled = index.findByScaleCode(read.value.itemCode);
  if (!labelled) {
    return {
      kind: 'problem',
      message: noScaleProduct(code, read.value.itemCode, labelValue(read.value, currency)),
    };
  }
  const item = labelledItem(read.value, productSnapshot(labelled));
  if (!item.ok) return { kind: 'problem', message: item.error.message };
  return { kind: 'label', product: labelled, item: item.value, code };
}

function labelValue(read: EmbeddedRead, currency: string): string {
  return read.price !== null ? formatMoney(read.price, currency) : `${formatQuantity(read.weight ?? 0)} kg`;
}

/** [SCALE-4] A scale label whose item code no product carries, in a cashier's words. */
function noScaleProduct(code: string, itemCode: string, value: string): string {
  return t`Label ${code} is item ${itemCode}, ${value}, but no product has scale item code ${itemCode}. A manager gives the product that code in Products.`;
}
