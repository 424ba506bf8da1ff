// Completing a sale at the register: with the cart as the screen priced it (src/domain is the only source of
// totals, and a checkout prices its cart once), builds the `sale.record` argument with the receipt number the ledger hands out, and records it with `recordSale` —
// sale, lines, tenders, stock deltas, receipt number and outbox op in one strict ledger transaction.
import type { PricingRules } from '../../../domain/cart';
import { buildSaleRecord } from '../../../domain/sale-record';
import { ok } from '../../../domain/result';
import { settle } from '../../../domain/tender';
import type { CommandDeps } from '../../../data/local/command-deps';
import { recordSale } from '../../../data/ops/sale-record';
import type { CompleteSale } from '../register-deps';

export interface SaleSetting {
  companyId: string;
  rules: PricingRules;
  cashierId: string | null;
  shiftId: string | null;
  tracksStock: (productId: string) => boolean;
}

export function makeCompleteSale(deps: CommandDeps, setting: SaleSetting): CompleteSale {
  return async (cart, priced, tenders) => {
    const settled = settle(priced.totals.total, tenders, setting.rules.cashRounding);
    if (!settled.ok) return settled;
    const saleId = deps.ids();
    const occurredAt = deps.clock();
    const recorded = await recordSale(deps, {
      companyId: setting.companyId,
      tracksStock: setting.tracksStock,
      rules: setting.rules,
      build: (receiptNo, terminal) =>
        buildSaleRecord(
          cart,
          tenders,
          {
            saleId,
            terminalId: terminal.id,
            shiftId: setting.shiftId,
            cashierId: setting.cashierId,
            receiptNo,
            occurredAt,
            rules: setting.rules,
          },
          deps.ids,
          priced,
        ),
    });
    if (!recorded.ok) return recorded;
    return ok({
      saleId,
      receiptNo: recorded.value.sale.receipt_no,
      occurredAt: occurredAt.toISOString(),
      priced,
      settlement: settled.value,
      cart,
    });
  };
}
