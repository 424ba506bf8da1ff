// Refunding a past sale at the register: reads what is left to refund of it on this device ([REFUND-2],
// earlier refunds counted), builds the `sale.refund` argument with src/domain (money from the original
// lines, [REFUND-3]…[REFUND-5]) and records it with `recordRefund` — refund, lines, payment, stock back on
// the shelf, receipt number and outbox op in one strict ledger transaction. A refund back to a card taken on
// a reader goes through Stripe first ([CARD-22]) and is recorded only once Stripe has refunded.
import { t } from '@lingui/core/macro';
import type { PricingRules } from '../../../domain/cart';
import { err, ok, type Result } from '../../../domain/result';
import {
  askNoApproval,
  signedInCashier,
  withApproval,
  type AskApproval,
  type SignCashier,
} from '../../../domain/cashier-stamp';
import { buildRefund } from '../../../domain/refund';
import { buildRefundRecord, type RefundTender } from '../../../domain/sale-refund';
import { soldLinesOfRecord } from '../../../domain/sold-lines';
import type { TenderMethod } from '../../../domain/tender';
import type { CommandDeps } from '../../../data/local/command-deps';
import type { LedgerPayment, LedgerSaleLine } from '../../../data/local/ledger-types';
import { saleWithLines } from '../../../data/local/ledger-reads';
import { recordRefund, type OriginalLine } from '../../../data/ops/sale-refund';
import { refundedQuantities } from '../../../data/local/sale-history';
import type { CardRefunds } from '../../../data/remote/card-refunds';
import { isPaymentIntentId } from '../../../domain/card-tender';
import type { RecordedRefund, RefundableSale, RefundRequest } from '../history/sale-history-deps';
import { checkGiftCardRefund, giftCardPaidWith, refundValueOf } from './refund-value';

export interface RefundSetting {
  companyId: string;
  rules: PricingRules;
  cashierId: string | null;
  shiftId: string | null;
  isWeighed: (productId: string | null) => boolean;
  tracksStock: (productId: string) => boolean;
  /** Who refunds, signed for the refund (a shared till's cashier); the signed-in user by default. */
  signCashier?: SignCashier;
  /** A manager's approval of the refund when the shop asks for one (shared till). */
  approve?: AskApproval;
  /** Sends a refund back to the sale's card through Stripe (online); absent, card refunds are typed. */
  cardRefunds?: CardRefunds;
  /** [VAL-16] What a gift card holds as this till knows it (mirror + own entries); absent: not checked. */
  giftCardBalance?: (accountId: string) => Promise<number>;
}

function soldLinesOfLedger(lines: readonly LedgerSaleLine[], isWeighed: RefundSetting['isWeighed']) {
  return soldLinesOfRecord(
    lines.map((line) => ({
      id: line.id,
      product_id: line.product_id,
      sku: line.sku,
      name: line.name ?? 'Item',
      quantity: line.quantity / 1000,
      unit_price: line.unit_price ?? 0,
      discount: line.discount,
      tax_rate_bp: line.tax_rate_bp ?? 0,
      tax: line.tax,
      total: line.total,
    })),
    isWeighed,
  );
}

/** The method that carried most of the money: a card sale goes back to the card, a cash sale in cash. */
function largestMethod(payments: readonly LedgerPayment[]): TenderMethod {
  const [largest] = [...payments].sort((a, b) => b.amount - a.amount);
  return largest?.method ?? 'cash';
}

/** The PaymentIntents of a sale's card tenders taken on a reader ([CARD-7]'s references). */
function cardIntentsOf(payments: readonly LedgerPayment[]): string[] {
  return payments.flatMap((payment) =>
    payment.method === 'card' && isPaymentIntentId(payment.reference) ? [payment.reference] : [],
  );
}

async function readRefundable(
  deps: CommandDeps,
  setting: RefundSetting,
  saleId: string,
): Promise<Omit<RefundableSale, 'refundId'> | null> {
  const found = await saleWithLines(deps.ledger, saleId);
  if (found?.kind !== 'sale' || found.company_id !== setting.companyId) return null;
  const { lines, payments, ...sale } = found;
  return {
    sale,
    soldLines: soldLinesOfLedger(lines, setting.isWeighed),
    alreadyRefunded: await refundedQuantities(deps.ledger, saleId),
    defaultMethod: largestMethod(payments),
    cardIntents: setting.cardRefunds ? cardIntentsOf(payments) : [],
    giftCardPaid: await giftCardPaidWith(deps.ledger, payments),
    paidOnAccount: payments.some((payment) => payment.method === 'on_account'),
  };
}

export async function refundableSale(
  deps: CommandDeps,
  setting: RefundSetting,
  saleId: string,
): Promise<RefundableSale | null> {
  const found = await readRefundable(deps, setting, saleId);
  return found ? { ...found, refundId: deps.ids() } : null;
}

/**
 * [CARD-22] The money goes back to the sale's card before the refund is recorded: the refund total (a card
 * pays back exactly), through Stripe with the refund's id as the idempotency key. The refund tender then
 * carries the Stripe refund id (`re_…`). Nothing is recorded when Stripe does not refund.
 */
async function sendBackToCard(
  setting: RefundSetting,
  refundable: Omit<RefundableSale, 'refundId'>,
  request: RefundRequest,
  refundId: string,
): Promise<Result<RefundTender>> {
  if (!setting.cardRefunds || refundable.cardIntents.length === 0) {
    return err('no_card_payment', t`This sale was not paid on a card reader: refund the card on a terminal.`);
  }
  const refund = buildRefund(
    { lines: refundable.soldLines, taxMode: setting.rules.taxMode },
    refundable.alreadyRefunded,
    request.quantities,
  );
  if (!refund.ok) return refund;
  const sent = await setting.cardRefunds.refund({
    intentIds: refundable.cardIntents,
    amount: refund.value.totals.total,
    refundId,
  });
  if (!sent.ok) return sent;
  return ok({ method: 'card', reference: sent.value.stripeRefundId });
}

export async function refundSale(
  deps: CommandDeps,
  setting: RefundSetting,
  request: RefundRequest,
): Promise<Result<RecordedRefund>> {
  const found = await saleWithLines(deps.ledger, request.saleId);
  const refundable = await readRefundable(deps, setting, request.saleId);
  if (!found || !refundable) {
    return err('unknown_sale', t`Only sales made on this till can be refunded here.`);
  }
  const originalLines = new Map(
    found.lines.map((line): [string, OriginalLine] => [
      line.id,
      {
        product_id: line.product_id,
        sku: line.sku,
        name: line.name ?? 'Item',
        unit_price: line.unit_price ?? 0,
        tax_rate_bp: line.tax_rate_bp ?? 0,
      },
    ]),
  );
  const refundId = request.refundId ?? deps.ids();
  const answer = await (setting.approve ?? askNoApproval)(
    'refund',
    refundId,
    refundWords(refundable.sale.receipt_no),
    (shop) => shop.approveRefund,
  );
  if (!answer.approved)
    return err('not_approved', t`A manager did not approve the refund. Nothing was refunded.`);
  // [VAL-15] Store credit, points and an account need a customer: the one attached, else the sale's.
  const customerId = request.customerId ?? found.customer_id;
  let tender = request.tender;
  if (tender.method === 'store_credit' || tender.method === 'on_account' || tender.method === 'loyalty') {
    if (customerId === null) {
      return err('customer_required', t`Choose the customer whose store credit the refund goes to.`);
    }
  }
  if (tender.method === 'gift_card' && tender.accountId === undefined) {
    if (!refundable.giftCardPaid) {
      return err('no_gift_card', t`This sale was not paid with a gift card: choose another way to pay back.`);
    }
    tender = { ...tender, accountId: refundable.giftCardPaid.accountId };
  }
  const planned = buildRefund(
    { lines: refundable.soldLines, taxMode: setting.rules.taxMode },
    refundable.alreadyRefunded,
    request.quantities,
  );
  if (!planned.ok) return planned;
  const refundLines = planned.value.lines;
  const value = await refundValueOf(deps.ledger, found, {
    id: refundId,
    customerId,
    lines: refundLines,
  });
  if (setting.giftCardBalance) {
    const fits = await checkGiftCardRefund(
      { lines: refundLines },
      value.accounts.giftCards,
      setting.giftCardBalance,
      setting.rules.currency,
    );
    if (!fits.ok) return fits;
  }
  if (request.backToCard) {
    const sent = await sendBackToCard(setting, refundable, request, refundId);
    if (!sent.ok) return sent;
    tender = sent.value;
  }
  const stamp = withApproval(
    await (setting.signCashier ?? signedInCashier(setting.cashierId))('sale.refund', refundId),
    answer.approval,
  );
  const recorded = await recordRefund(deps, {
    companyId: setting.companyId,
    originalLines,
    tracksStock: setting.tracksStock,
    cashRounding: setting.rules.cashRounding,
    value: value.accounts,
    build: (receiptNo, terminal) => {
      const built = buildRefundRecord(
        { lines: refundable.soldLines, taxMode: setting.rules.taxMode },
        refundable.alreadyRefunded,
        request.quantities,
        tender,
        {
          refundId,
          saleId: request.saleId,
          terminalId: terminal.id,
          shiftId: setting.shiftId,
          cashierId: setting.cashierId,
          receiptNo,
          occurredAt: deps.clock(),
          reason: request.reason,
          restock: request.restock,
          cashRounding: setting.rules.cashRounding,
          // The refund names its customer when one was attached at the counter ([VAL-15]).
          ...(request.customerId ? { customerId: request.customerId } : {}),
          loyaltyUnearned: value.unearned,
        },
        deps.ids,
      );
      return built.ok ? ok({ ...built.value, ...stamp }) : built;
    },
  });
  if (!recorded.ok) return recorded;
  return ok({ refundId, receiptNo: recorded.value.sale.receipt_no });
}

/** What the approval asks a manager to approve. */
function refundWords(receiptNo: string): string {
  return t`A refund of sale ${receiptNo}.`;
}
