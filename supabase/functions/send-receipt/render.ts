// The receipt by mail ([RCPT-16], [MAIL-4]): text and simple HTML from public_receipt's answer. The subject is
// fixed words and the receipt number. [RLANG-2] Every word is in the shop's language (`language` in the answer,
// which the server reads from the shop's row), from the catalogues compiled into mail-messages.gen.ts and
// formatted by @lingui/core; money, numbers and dates are that language's (Intl), the currency the sale's. What the shop or a till chose (the shop's name and address, line
// names) is plain text cut to a length, and never a link: anything a mail program would turn into one (a
// scheme, a dotted host name) is broken up, so the one link in the mail is the receipt's, built from SITE_URL.
import { setupI18n } from '@lingui/core';
import { plain } from '../_shared/plain-text.ts';
import { MAIL_INTL_TAGS, MAIL_MESSAGES, type MailLanguage, type MailWord } from './mail-messages.gen.ts';

export interface MailLine {
  name: string;
  /** numeric(12,3) as JSON: 2, 1.181. */
  quantity: number;
  unit_price?: number | null;
  discount?: number;
  total: number;
  /** [MAIL-8] 'kg', 'g', 'l' or 'm' for a product sold by measure; null or absent for pieces. */
  unit?: string | null;
  /** [MAIL-8] The options the line was sold with and what each added per unit. */
  modifiers?: { name: string; price_delta: number }[] | null;
}

export interface MailReceipt {
  shop_name: string;
  /** [RLANG-2] The shop's language (companies.language); absent before 20261209000100, or unknown: English. */
  language?: string | null;
  address: string | null;
  receipt_no: string;
  occurred_at: string;
  /** [MAIL-7] The shop's IANA time zone (companies.time_zone). */
  time_zone?: string | null;
  currency: string;
  total: number;
  tax_total: number;
  lines: MailLine[];
  /** [VAL-R1] A gift-card payment names its card's last four (absent before 20261212040000). */
  payments: { method: string; amount: number; code_last4?: string | null }[];
  /** [RPROMO-1] The promotions the sale got, by the shop's names; absent before 20261210300000. */
  promotions?: { name: string; amount: number }[] | null;
  /** [VAL-R2] The points the sale earned; null or absent without any. */
  loyalty?: { earned: number } | null;
}

const METHOD_WORDS: Readonly<Record<string, MailWord>> = {
  cash: 'cash',
  card: 'card',
  other: 'other',
  gift_card: 'gift_card',
  store_credit: 'store_credit',
  on_account: 'on_account',
  loyalty: 'loyalty',
};
const UNITS = new Set(['kg', 'g', 'l', 'm']);

/** How much of the shop's text a mail carries ([MAIL-4]). */
export const MAIL_TEXT_LIMITS = { shopName: 80, address: 160, lineName: 80, lines: 100 } as const;

interface MailLocale {
  /** The mail's words in the shop's language. */
  say: (word: MailWord, values?: Record<string, unknown>) => string;
  /** The Intl tag its numbers and dates are written with. */
  tag: string;
}

const mailLocales = new Map<MailLanguage, MailLocale>();

/** [RLANG-2] The shop's language as the mail speaks it: one of the four, else English. */
function known(language: string | null | undefined): MailLanguage {
  return language && Object.hasOwn(MAIL_MESSAGES, language) ? (language as MailLanguage) : 'en';
}

export function mailLocale(language: string | null | undefined): MailLocale {
  const lang = known(language);
  let found = mailLocales.get(lang);
  if (!found) {
    const tag = MAIL_INTL_TAGS[lang];
    const i18n = setupI18n({ locale: lang, locales: [tag], messages: { [lang]: MAIL_MESSAGES[lang] } });
    found = { say: (word, values) => i18n._(word, values), tag };
    mailLocales.set(lang, found);
  }
  return found;
}

function money(amount: number, currency: string, tag: string): string {
  return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(amount / 100);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/**
 * [MAIL-7] When the sale happened as the paper says it (the app's formatWhen: "21 Nov 2026, 08:14", 24-hour
 * clock) in the shop's time zone; an unknown zone falls back to UTC and says so.
 */
export function mailWhen(at: string, timeZone: string | null | undefined, tag = 'en-GB'): string {
  const parts: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat(tag, { ...parts, timeZone: timeZone ?? undefined }).format(new Date(at));
  } catch {
    return `${new Intl.DateTimeFormat(tag, { ...parts, timeZone: 'UTC' }).format(new Date(at))} UTC`;
  }
}

/** A quantity as the paper prints it: up to three decimals, no trailing zeros ("2", "1.181"). */
function quantityText(quantity: number, tag: string): string {
  return new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }).format(quantity);
}

/**
 * [MAIL-8] A line's rows as the paper prints them: its name, then each option with what it added per unit,
 * then "quantity × price" — "1.181 kg × €1.99/kg" for a product sold by measure — and the line's total.
 */
function lineRows(
  line: MailLine,
  m: (amount: number) => string,
  max: number,
  locale: MailLocale,
): string[][] {
  const unit = line.unit && UNITS.has(line.unit) ? line.unit : null;
  const quantity = `${quantityText(line.quantity, locale.tag)}${unit ? ` ${unit}` : ''}`;
  const price =
    line.unit_price === null || line.unit_price === undefined
      ? ''
      : ` × ${m(line.unit_price)}${unit ? `/${unit}` : ''}`;
  const options = (line.modifiers ?? []).map((modifier) => [
    `  ${plain(modifier.name, max)}`,
    modifier.price_delta === 0 ? '' : `${modifier.price_delta > 0 ? '+' : ''}${m(modifier.price_delta)}`,
  ]);
  const discount = line.discount ? [[`  ${locale.say('discount')}`, `-${m(line.discount)}`]] : [];
  return [[plain(line.name, max), ''], ...options, [`  ${quantity}${price}`, m(line.total)], ...discount];
}

/** A receipt number as the server checks it (T1-000042); anything else is left out of the subject. */
function receiptNo(text: string): string {
  return /^T[1-9][0-9]{0,5}-[0-9]{6,9}$/.test(text) ? text : '';
}

export function renderReceiptMail(receipt: MailReceipt, link: string) {
  const locale = mailLocale(receipt.language);
  const { say } = locale;
  const m = (amount: number) => money(amount, receipt.currency, locale.tag);
  const limits = MAIL_TEXT_LIMITS;
  const shop = plain(receipt.shop_name, limits.shopName);
  const address = plain(receipt.address, limits.address);
  const number = receiptNo(receipt.receipt_no);
  const shown = receipt.lines.slice(0, limits.lines);
  const rows = shown.flatMap((line) => lineRows(line, m, limits.lineName, locale));
  const more = receipt.lines.length - shown.length;
  if (more > 0) rows.push([say('moreLines', { count: more }), '']);
  const paid = receipt.payments.map((payment) => {
    const word = METHOD_WORDS[payment.method];
    // [VAL-R1] A gift card by its last four only: the code is never on the server.
    const last4 = payment.method === 'gift_card' ? plain(payment.code_last4 ?? null, 4) : '';
    const method = last4 ? say('giftCardLast4', { last4 }) : word ? say(word) : plain(payment.method, 20);
    return [say('paid', { method }), m(payment.amount)];
  });
  // [RPROMO-1] Each promotion under the lines, and what they saved together under the total.
  const promotions = (receipt.promotions ?? []).map((promotion) => [
    plain(promotion.name, limits.lineName),
    `-${m(promotion.amount)}`,
  ]);
  rows.push(...promotions);
  const savedAmount = (receipt.promotions ?? []).reduce((total, promotion) => total + promotion.amount, 0);
  const saved: string[][] = savedAmount > 0 ? [[say('saved'), m(savedAmount)]] : [];
  // [VAL-R2] The points the sale earned, never the customer's points after it.
  const earned = receipt.loyalty?.earned ?? 0;
  if (earned > 0) saved.push([say('pointsEarned'), String(earned)]);
  const when = mailWhen(receipt.occurred_at, receipt.time_zone, locale.tag);
  const heading = say('heading', { number, when });
  const text = [
    shop,
    ...(address ? [address] : []),
    heading,
    '',
    ...rows.map(([what, amount]) => (amount ? `${what ?? ''}: ${amount}` : (what ?? ''))),
    say('totalWithTax', { total: m(receipt.total), tax: m(receipt.tax_total) }),
    ...paid.map(([what, amount]) => `${what ?? ''}: ${amount ?? ''}`),
    ...saved.map(([what, amount]) => `${what ?? ''}: ${amount ?? ''}`),
    '',
    say('onlineLink', { link }),
  ].join('\n');
  const tr = ([what, amount]: string[]) =>
    `<tr><td>${escape(what ?? '')}</td><td>${escape(amount ?? '')}</td></tr>`;
  // The language the mail is written in, for screen readers and hyphenation.
  const lang = known(receipt.language);
  const html = `<div lang="${lang}"><h1>${escape(shop)}</h1>
${address ? `<p>${escape(address)}</p>\n` : ''}<p>${escape(heading)}</p>
<table>${rows.map(tr).join('')}<tr><th>${escape(say('total'))}</th><th>${escape(m(receipt.total))}</th></tr>${paid.map(tr).join('')}${saved.map(tr).join('')}</table>
<p><a href="${escape(link)}">${escape(say('online'))}</a></p></div>`;
  return { subject: say('subject', { number }).trim(), text, html };
}
