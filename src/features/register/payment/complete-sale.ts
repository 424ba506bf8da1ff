// Completing a sale at the register: prices the cart with src/domain (the only source of totals), builds the
// `sale.record` argument with the receipt number the ledger hands out, and records it with `recordSale` —
// sale, lines, tenders, stock deltas, receipt number and outbox op in one strict ledger transaction.
import { priceCart, type PricingRules } from '../../../domain/cart';
import { buildSaleRecord } from '../../../domain/sale-record';
import { ok } from '../../../domain/result';
import { settle } from '../../../domain/tender';
import type { CommandDeps } from '../../../data/local/command-deps';
import { recordSale } from '../../../data/local/sale-commands';
import type { CompleteSale } from '../register-deps';

export interface SaleSetting {
  companyId: string;
  rules: PricingRules;
  cashierId: string | null;
  shiftId: string | null;
  tracksStock: (productId: string) => boolean;
}

export function makeCompleteSale(deps: CommandDeps, setting: SaleSetting): CompleteSale {
  return async (cart, tenders) => {
    const priced = priceCart(cart, setting.rules);
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
