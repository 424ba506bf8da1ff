// Completing a sale at the register: with the cart as the screen priced it (src/domain is the only source of
// totals, and a checkout prices its cart once), builds the `sale.record` argument with the receipt number the ledger hands out, and records it with `recordSale` —
// sale, lines, tenders, stock deltas, receipt number and outbox op in one strict ledger transaction.
import type { Cart, PricingRules } from '../../../domain/cart';
import { buildSaleRecord } from '../../../domain/sale-record';
import { err, ok } from '../../../domain/result';
import { t } from '@lingui/core/macro';
import {
  askNoApproval,
  signedInCashier,
  withApproval,
  type Approval,
  type AskApproval,
  type SignCashier,
} from '../../../domain/cashier-stamp';
import { formatMoney } from '../../../domain/money-text';
import { discountNeedsApproval } from '../../../domain/shared-till-rules';
import { settle, type Tender } from '../../../domain/tender';
import type { CommandDeps } from '../../../data/local/command-deps';
import { recordSale } from '../../../data/ops/sale-record';
import { saleValueKeys } from '../../../data/ops/sale-value-entries';
import type { ValueSettings } from '../../../domain/value/settings';
import { rememberCards } from '../../../data/local/payment-cards';
import type { CompleteSale } from '../register-deps';
import { recheckValue, type ValueReads } from './value-recheck';
import { md5Uuid } from '../../../domain/value/account-id';

export interface SaleSetting {
  companyId: string;
  rules: PricingRules;
  cashierId: string | null;
  shiftId: string | null;
  tracksStock: (productId: string) => boolean;
  /** Who sold, signed for the sale (a shared till's cashier); the signed-in user by default. */
  signCashier?: SignCashier;
  /** A manager's approval when the sale's discount is over the shop's limit (shared till). */
  approve?: AskApproval;
  /** Why the sale cannot be completed on this shift now, or null (a shared till's shift handover). */
  checkShift?: (shiftId: string | null) => Promise<string | null>;
  /** [VAL-13] The shop's value settings: the points the sale earns are sent as the till showed them. */
  valueSettings?: () => Promise<ValueSettings>;
  /** [VAL-T70] The register's look-ups of cards and customers: balances are read again at 'Complete sale'. */
  value?: ValueReads;
}

/** [VAL-35] The cards' last four as the cart's gift-card lines and the tenders know them, by account id. */
function cardLast4Of(cart: Cart, tenders: readonly Tender[]): Record<string, string> {
  const known: [string, string][] = [
    ...cart.lines.flatMap((line): [string, string][] =>
      line.giftCard ? [[line.giftCard.accountId, line.giftCard.last4]] : [],
    ),
    ...tenders.flatMap((tender): [string, string][] =>
      tender.value?.last4 ? [[tender.value.accountId, tender.value.last4]] : [],
    ),
  ];
  return Object.fromEntries(known);
}

/**
 * The `price_override` approval the sale carries, while a line still has a changed price. An op carries one
 * approval ([STAFF-11]): a discount approved at 'Complete sale' goes instead, and the price change's approval
 * stays verifiable on the 'approval' event the desk logged when it was given (docs/shared-till.md).
 */
function priceApprovalOf(cart: Cart): Approval | null {
  const changed = cart.lines.some((line) => line.listPrice !== undefined);
  return changed ? (cart.priceApproval ?? null) : null;
}

export function makeCompleteSale(deps: CommandDeps, setting: SaleSetting): CompleteSale {
  return async (cart, priced, tenders) => {
    const settled = settle(priced.totals.total, tenders, setting.rules.cashRounding);
    if (!settled.ok) return settled;
    // A cart whose sale is already in the ledger was sold before the till went down: show that sale's
    // receipt rather than record it a second time (or fail on its id).
    const existing = cart.saleId === undefined ? undefined : await deps.ledger.sales.get(cart.saleId);
    if (existing) {
      return ok({
        saleId: existing.id,
        receiptNo: existing.receipt_no,
        occurredAt: existing.occurred_at,
        priced,
        settlement: settled.value,
        cart,
        alreadyRecorded: true,
      });
    }
    const refused = setting.checkShift ? await setting.checkShift(setting.shiftId) : null;
    if (refused !== null) return err('shift_not_yours', refused);
    // [VAL-T70] Before a manager is asked or anything is recorded: a tender over what is left now is changed
    // by the cashier, the cart and its other tenders kept.
    const now = setting.value
      ? await recheckValue(setting.value, cart.customerId, tenders, setting.rules.currency)
      : null;
    if (now !== null && !now.ok) return now;
    // A price change approved by a manager was signed for the sale id the cart already carries.
    const saleId = cart.saleId ?? deps.ids();
    // [VAL-14] Points the customer spends are theirs to spend: no manager approves them as a discount.
    const { subtotal } = priced.totals;
    const discounts = priced.totals.discounts - (priced.totals.pointsDiscount ?? 0);
    const approve = setting.approve ?? askNoApproval;
    const discount = formatMoney(discounts, setting.rules.currency);
    const on = formatMoney(subtotal, setting.rules.currency);
    const answer = await approve('discount', saleId, t`A discount of ${discount} on ${on}.`, (shop) =>
      discountNeedsApproval(shop, discounts, subtotal),
    );
    if (!answer.approved) {
      return err('not_approved', t`A manager did not approve the discount. The sale is still in the cart.`);
    }
    const stamp = withApproval(
      await (setting.signCashier ?? signedInCashier(setting.cashierId))('sale.record', saleId),
      answer.approval ?? priceApprovalOf(cart),
    );
    const occurredAt = deps.clock();
    // [VAL-32] Worked out before the ledger transaction, which an await of Web Crypto would end.
    const shop = setting.valueSettings ? await setting.valueSettings() : undefined;
    const value = {
      ...(await saleValueKeys(
        setting.companyId,
        cart.customerId ?? null,
        cart.lines.flatMap((line) => (line.giftCard?.code ? [line.giftCard.code] : [])),
      )),
      balances: now?.value.balances ?? {},
      cardLast4: cardLast4Of(cart, tenders),
      ...(cart.pointsDiscount
        ? { pointsDiscountEntryId: await md5Uuid(`${saleId.toLowerCase()}:loyalty_discount`) }
        : {}),
    };
    const recorded = await recordSale(deps, {
      companyId: setting.companyId,
      tracksStock: setting.tracksStock,
      rules: setting.rules,
      value,
      build: (receiptNo, terminal) => {
        const built = buildSaleRecord(
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
            ...(shop ? { loyalty: shop.loyalty } : {}),
          },
          deps.ids,
          priced,
        );
        return built.ok ? ok({ ...built.value, ...stamp }) : built;
      },
    });
    if (!recorded.ok) return recorded;
    // Before the receipt is read: it names the card the reader read ([WORDS-2]).
    await rememberCards(
      deps.ledger,
      saleId,
      tenders.flatMap((tender) =>
        tender.card && tender.reference ? [{ reference: tender.reference, card: tender.card }] : [],
      ),
    );
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
