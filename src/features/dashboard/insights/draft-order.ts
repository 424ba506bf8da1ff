// Insights → Inventory → 'Draft order' (docs/purchasing.md, [PUR-38]): one supplier group of the purchase list
// becomes a draft purchase order in one click — its rows' order quantities and unit costs, for the store the
// page names — queued as `purchase_order.save` (offline too), and the new order opens.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CommandDeps } from '../../../data/local/command-deps';
import { saveOrder, type SaveOrderInput } from '../../../data/ops/purchase-order-save';
import { MILLI_PER_UNIT } from '../../../domain/quantity';
import { err, ok, type Result } from '../../../domain/result';
import type { PurchaseGroup } from './purchase-list';

export interface DraftOrderPort {
  /** The shop's stores: with one the order is for it, with more the page asks which. */
  stores: readonly { id: string; name: string }[];
  /** Queues the draft; the new order's id. */
  draft: (group: PurchaseGroup, storeId: string) => Promise<Result<string>>;
  /** Opens the order's editor. */
  open: (orderId: string) => void;
}

/** The draft a group makes: a line per row with something to order, quantities as thousandths. */
export function draftFromGroup(
  group: PurchaseGroup,
  storeId: string,
  companyId: string,
  ids: () => string,
): SaveOrderInput | null {
  if (group.supplierId === null) return null;
  const lines = group.rows
    .filter((row) => row.order_quantity > 0)
    .map((row) => ({
      id: ids(),
      productId: row.product_id,
      quantity: Math.round(row.order_quantity * MILLI_PER_UNIT),
      unitCost: row.unit_cost,
    }));
  if (lines.length === 0) return null;
  return {
    id: ids(),
    companyId,
    storeId,
    supplierId: group.supplierId,
    expectedOn: null,
    note: '',
    lines,
  };
}

/** The port's `draft` for a shop: builds the draft and queues it through the outbox. */
export function draftOrderWith(
  commandDeps: CommandDeps,
  companyId: string,
  /** Told what was queued, so the order's page can show it before the server has it. */
  onQueued: (input: SaveOrderInput) => void = () => undefined,
): (group: PurchaseGroup, storeId: string) => Promise<Result<string>> {
  return async (group, storeId) => {
    const input = draftFromGroup(group, storeId, companyId, commandDeps.ids);
    if (input === null) return err('empty_document', i18n._(msg`Nothing to order from this supplier.`));
    const saved = await saveOrder(commandDeps, input);
    if (!saved.ok) return saved;
    onQueued(input);
    return ok(saved.value.id);
  };
}
