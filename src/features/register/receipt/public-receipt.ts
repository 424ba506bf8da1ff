// The public receipt page's one read ([RCPT-12], [RCPT-13]): `public_receipt` as anyone, turned into the
// ReceiptDoc the till's own slip shows, so the page reads like the paper. null is "not available" (unknown or
// revoked, the server does not say which). [RLANG-1] The answer says the shop's language; the page is written
// in it, whatever language the visitor's browser asks for.
import { setupI18n, type I18n } from '@lingui/core';
import { fromNumeric } from '../../../domain/quantity';
import type { ReceiptDoc } from '../../../domain/receipt-doc';
import { paymentLabel } from '../../../domain/payment-words';
import type { Supabase } from '../../../data/remote/supabase-client';
import { loadMessages } from '../../../lib/i18n/catalogs';
import { intlTag, isShippedLocale, SOURCE_LOCALE, type ShippedLocale } from '../../../lib/i18n/locales';
import type { TenderMethod } from '../../../domain/tender';

export interface PublicReceipt {
  shop_name: string;
  /** [RLANG-1] The shop's language (companies.language); absent from answers before 20261209000100. */
  language?: string | null;
  header: string | null;
  address: string | null;
  tax_number: string | null;
  footer: string | null;
  store_name: string | null;
  time_zone: string;
  kind: 'sale' | 'refund';
  receipt_no: string;
  occurred_at: string;
  currency: string;
  prices_include_tax: boolean;
  subtotal: number;
  discount_total: number;
  tax_total: number;
  rounding: number;
  total: number;
  lines: {
    name: string;
    quantity: number;
    unit_price: number;
    discount: number;
    total: number;
    /** [MAIL-8] Absent from answers before 20261206000000. */
    unit?: string | null;
    modifiers?: { name: string; price_delta: number }[];
    /** [VAL-R1] A gift-card line's card, by its last four only; absent on other lines and before 20261212040000. */
    gift_card_last4?: string | null;
  }[];
  taxes: { rate_bp: number; net: number; tax: number; gross: number }[];
  /**
   * [VAL-35] A gift-card payment may name its card's last four (`code_last4`): the page shows those only,
   * never a balance or a code (absent until the server's receipt_json gives it).
   */
  payments: { method: TenderMethod; amount: number; code_last4?: string | null }[];
  /** [RPROMO-1] Absent from answers before 20261210300000. */
  promotions?: { name: string; amount: number }[];
  /** [VAL-R2] The points the sale earned (the server's figure); null without any, absent before 20261212040000. */
  loyalty?: { earned: number } | null;
}

export async function readPublicReceipt(supabase: Supabase, token: string): Promise<PublicReceipt | null> {
  const { data, error } = await supabase.rpc('public_receipt', { p_token: token });
  if (error) throw new Error(error.message);
  return data as PublicReceipt | null;
}

/** [RLANG-3] The language the receipt is written in: the shop's, or English when it is absent or unknown. */
export function receiptLanguage(receipt: PublicReceipt): ShippedLocale {
  return isShippedLocale(receipt.language) ? receipt.language : SOURCE_LOCALE;
}

/**
 * [RLANG-3] A Lingui instance of the receipt's own, in the shop's language: the page's visitor keeps their
 * language for everything else, and the till's shop language (shopI18n) is not touched by a link opened on it.
 */
export async function receiptI18n(receipt: PublicReceipt): Promise<I18n> {
  const locale = receiptLanguage(receipt);
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, locales: [intlTag(locale)], messages: await loadMessages(locale) });
  return i18n;
}

export function publicReceiptDoc(receipt: PublicReceipt, i18n: I18n): ReceiptDoc {
  return {
    kind: receipt.kind,
    receiptNo: receipt.receipt_no,
    refundOfReceiptNo: null,
    shopName: receipt.shop_name,
    shopTexts: {
      header: receipt.header,
      address: receipt.address,
      taxNumber: receipt.tax_number,
      footer: receipt.footer,
    },
    storeName: receipt.store_name,
    terminal: null,
    occurredAt: receipt.occurred_at,
    cashierName: null,
    customerName: null,
    lines: receipt.lines.map((line, index) => ({
      id: String(index),
      name: line.name,
      quantity: fromNumeric(line.quantity),
      unitPrice: line.unit_price,
      listPrice: null,
      discount: line.discount,
      total: line.total,
      // [WORDS-6] The page reads like the paper: a weighed line's unit, each line's options.
      ...(line.unit ? { unit: line.unit } : {}),
      ...(line.gift_card_last4 ? { giftCard: { code: null, last4: line.gift_card_last4 } } : {}),
      ...(line.modifiers && line.modifiers.length > 0
        ? {
            modifiers: line.modifiers.map((modifier) => ({
              name: modifier.name,
              priceDelta: modifier.price_delta,
            })),
          }
        : {}),
    })),
    subtotal: receipt.subtotal,
    cartDiscount: null,
    discounts: receipt.discount_total,
    taxRows: receipt.taxes.map((row) => ({
      rate: row.rate_bp,
      net: row.net,
      tax: row.tax,
      gross: row.gross,
    })),
    rounding: receipt.rounding,
    total: receipt.total,
    payments: receipt.payments.map((payment) => ({
      label: paymentLabel({ method: payment.method, code_last4: payment.code_last4 ?? null }, i18n),
      amount: payment.amount,
    })),
    change: 0,
    note: null,
    sync: 'synced',
    problem: null,
    promotions: receipt.promotions ?? [],
    // [VAL-R2] The points earned, never the customer's points after: the page is anyone's who has the link.
    loyalty: receipt.loyalty ? { earned: receipt.loyalty.earned, balanceAfter: null } : null,
  };
}
