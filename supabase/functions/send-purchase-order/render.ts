// A purchase order by mail ([PUR-15], [MAIL-4]): plain text only, from purchase_order_mail_request's answer.
// The subject is `Purchase order <number> from <shop name>`; everything the shop typed (its name, the store's
// address, the supplier's name, the note, product names and SKUs) is plain words cut to a length, and the
// mail has no link at all: a supplier answers by replying to the manager who sent it. [RLANG-2] Every word is
// in the shop's language (`language` in the answer, read by the server from the shop's row), from the
// catalogues compiled into mail-messages.gen.ts and formatted by @lingui/core, as send-receipt's are;
// quantities and the expected day are written the way that language writes them (Intl).
import { setupI18n } from '@lingui/core';
import { plain } from '../_shared/plain-text.ts';
import { MAIL_INTL_TAGS, MAIL_MESSAGES, type MailLanguage, type MailWord } from './mail-messages.gen.ts';

export interface PurchaseOrderMail {
  number: string;
  /** [RLANG-2] The shop's language (companies.language); absent before 20261213150100, or unknown: English. */
  language?: string | null;
  shop_name: string;
  store_name: string;
  store_address: string | null;
  supplier_name: string;
  /** YYYY-MM-DD, or null. */
  expected_on: string | null;
  note: string | null;
  /** quantity is numeric(12,3) as JSON: 24, 10.5. */
  lines: { name: string; sku: string | null; quantity: number; unit: string }[];
}

/** How much of the shop's text a purchase order mail carries ([MAIL-4]). */
export const ORDER_MAIL_LIMITS = {
  name: 80,
  address: 160,
  note: 1000,
  lineName: 80,
  sku: 64,
  lines: 500,
} as const;

interface OrderMailLocale {
  say: (word: MailWord, values?: Record<string, unknown>) => string;
  /** The Intl tag its numbers and dates are written with. */
  tag: string;
}

/** [RLANG-2] The shop's language as the mail speaks it: one of the shipped ones, else English. */
function orderMailLocale(language: string | null | undefined): OrderMailLocale {
  const lang: MailLanguage =
    language && Object.hasOwn(MAIL_MESSAGES, language) ? (language as MailLanguage) : 'en';
  const tag = MAIL_INTL_TAGS[lang];
  const i18n = setupI18n({ locale: lang, locales: [tag], messages: { [lang]: MAIL_MESSAGES[lang] } });
  return { say: (word, values) => i18n._(word, values), tag };
}

function quantityText(quantity: number, unit: string, tag: string): string {
  const amount = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }).format(quantity);
  return unit === 'each' ? amount : `${amount} ${unit}`;
}

/** The expected day (YYYY-MM-DD) as the language writes a date: "2 December 2026", "2. Dezember 2026". */
function dayText(day: string | null, tag: string): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

/** Subject and text of the mail; the order number is the server's own (PO-0001), never typed text. */
export function renderPurchaseOrderMail(order: PurchaseOrderMail): { subject: string; text: string } {
  const { say, tag } = orderMailLocale(order.language);
  const shop = plain(order.shop_name, ORDER_MAIL_LIMITS.name);
  const number = order.number.replace(/[^A-Z0-9-]/g, '');
  const address = plain(order.store_address, ORDER_MAIL_LIMITS.address);
  const note = plain(order.note, ORDER_MAIL_LIMITS.note);
  const lines = order.lines.slice(0, ORDER_MAIL_LIMITS.lines).map((line) => {
    const sku = plain(line.sku, ORDER_MAIL_LIMITS.sku);
    const name = plain(line.name, ORDER_MAIL_LIMITS.lineName);
    return `- ${quantityText(line.quantity, line.unit, tag)} × ${name}${sku ? ` (${sku})` : ''}`;
  });
  const place = `${plain(order.store_name, ORDER_MAIL_LIMITS.name)}${address ? `, ${address}` : ''}`;
  const day = dayText(order.expected_on, tag);
  const text = [
    say('heading', { number }),
    say('from', { shop }),
    say('to', { supplier: plain(order.supplier_name, ORDER_MAIL_LIMITS.name) }),
    say('deliverTo', { place }),
    ...(day ? [say('expectedOn', { date: day })] : []),
    '',
    ...lines,
    ...(note ? ['', say('note', { note })] : []),
    '',
    say('confirm'),
  ].join('\n');
  return { subject: say('subject', { number, shop }), text };
}
