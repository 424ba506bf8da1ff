// [PUR-T9] 'Cost after': what a product's cost will be once a receipt line is posted, by the shop's method
// ([COST-2], `costAfterReceive`) on what this till believes is on hand. A preview: the server moves the cost
// in the order it applies receipts ([PUR-22]).
import { costAfterReceive, isCostMethod } from '../cost';
import type { Minor } from '../money';
import type { Milli } from '../quantity';

export function costAfterPreview(input: {
  /** `companies.cost_method` as pulled; anything else reads as the default, 'last'. */
  method: unknown;
  onHand: Milli;
  oldCost: Minor | null;
  arrived: Milli;
  unitCost: Minor | null;
}): Minor | null {
  if (input.arrived <= 0) return input.oldCost;
  return costAfterReceive({
    method: isCostMethod(input.method) ? input.method : 'last',
    onHand: input.onHand,
    oldCost: input.oldCost,
    quantity: input.arrived,
    unitCost: input.unitCost,
  });
}
