// A flag in words (issue 33): what the server found, as a manager reads it — a name per kind, and a sentence
// built from the detail's known fields (`name`, `claimed`, `expected`, `action`, `reason`), with any other
// field the server adds listed as "key: value" rather than lost. All of a flag's words live here, so a
// translation has one module to read. A kind this app does not know yet reads by its own name. The tables hold
// descriptors (built before the catalogue loads); every sentence is one message, looked up when shown, with the
// line (‘Espresso’ or "A line") as a placeholder.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';

/** What a flag carries that words are made of: its kind and the server's detail. */
export interface FlagWords {
  kind: string;
  detail: Readonly<Record<string, unknown>>;
}

const KIND_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  price: msg`Price differs`,
  tax_rate: msg`Tax rate differs`,
  modifiers: msg`Modifiers differ`,
  missing_approval: msg`Approval missing`,
  weight_without_label: msg`Weighed without a label`,
  scale_label: msg`Scale label differs`,
  unverified_approval: msg`Approval not verified`,
  unverified_cashier: msg`Cashier not verified`,
  card_reuse: msg`Card payment used twice`,
  card_amount: msg`Card amount differs`,
  receipt_token: msg`Receipt link refused`,
  promotion: msg`Promotion differs`,
  coupon_reuse: msg`Coupon used again`,
  overdraw: msg`Balance overdrawn`,
  value_account: msg`Gift card or account problem`,
  loyalty: msg`Points differ`,
  code_guessing: msg`Gift-card codes guessed`,
};

const ACTION_WORDS: Readonly<Record<string, MessageDescriptor>> = {
  refund: msg`A refund`,
  discount: msg`A discount over the limit`,
  price_override: msg`A price override`,
  line_removal: msg`Removing a line`,
  line_void: msg`Removing a line`,
  no_sale: msg`‘No sale’`,
  shift_difference: msg`Closing a shift with a difference`,
  value_adjust: msg`Adjusting a balance`,
  sell: msg({ message: 'Selling', context: 'an action a flag names' }),
};

/** Fields the server may add beyond the known ones, named as a manager would; others read by their key. */
const FIELD_WORDS: Readonly<Record<string, MessageDescriptor>> = {
  payment_intent_id: msg`card payment`,
  receipt_no: msg`receipt`,
  code: msg`code`,
  token: msg`link token`,
  line_no: msg`line`,
  balance_seen: msg`balance the till saw`,
};

/**
 * Where the server puts a kind's two figures (supabase/SPEC.md §17, [DERIVE-2], [DERIVE-3], [DERIVE-9]): what
 * the till said and what the catalogue or the card payment says, read as `claimed` and `expected`.
 */
const SERVER_FIGURES: Readonly<Record<string, readonly [claimed: string, expected: string]>> = {
  price: ['unit_price', 'catalogue_prices'],
  tax_rate: ['tax_rate_bp', 'catalogue_rates'],
  card_amount: ['amount', 'card_amount'],
  // [PROMO-22] What the till's promotions took off the sale, and what the shop's promotions give it.
  promotion: ['till_saved', 'server_saved'],
};

/** The server's bookkeeping a person cannot use: ids of rows and ops (the sale is linked beside the words). */
const SERVER_IDS = new Set([
  'subject_id',
  'op',
  'payment_id',
  'first_payment_id',
  'sale_ids',
  'modifier_deltas',
  // [PROMO-19] [PROMO-22] Promotion and coupon ids, and the two answers by promotion id, which the sentence sums.
  'promotion_id',
  'coupon_id',
  'till',
  'server',
  // [VAL-22] [VAL-29] Accounts, customers, users and terminals: the sentence names what a person can use.
  'account_id',
  'customer_id',
  'user_id',
  'terminal_id',
]);

/** [PROMO-19] [PROMO-22] Why a promotion flag was raised, as a manager reads it; the re-check's is its sentence. */
const REASON_WORDS: Readonly<Record<string, MessageDescriptor | null>> = {
  differs: null,
  unknown_coupon: msg`the shop has no such coupon`,
  coupon_inactive: msg`the coupon or its promotion was switched off`,
  coupon_expired: msg`the coupon had expired`,
  unknown_promotion: msg`the promotion is not one of the shop’s`,
  // [VAL-24] [VAL-25] Gift cards, accounts and points.
  unknown_account: msg`no gift card of the shop has that id`,
  code_mismatch: msg`the code given does not match the card`,
  account_void: msg`the card or account is void`,
  account_blocked: msg`the card or account is blocked`,
  code_taken: msg`another live card already has that code, so the new card was blocked`,
  wrong_kind: msg`the account is not a gift card`,
  redeem_rate: msg`the points were taken for more money than they are worth`,
  disabled: msg`the shop’s loyalty scheme is switched off`,
};

/** A flag's detail with the server's names for its figures read as `claimed` and `expected`. */
function readable(kind: string, detail: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const figures = SERVER_FIGURES[kind];
  const read: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (SERVER_IDS.has(key)) continue;
    if (key === figures?.[0] && detail.claimed === undefined) read.claimed = value;
    else if (key === figures?.[1] && detail.expected === undefined) read.expected = value;
    else read[key] = value;
  }
  return read;
}

/** [FLAGUI-4] The other sale a flag names (a card payment used by two sales), beside the one it is shown on. */
export function otherSaleOf(detail: Readonly<Record<string, unknown>>, saleId: string): string | null {
  if (typeof detail.other_sale_id === 'string' && detail.other_sale_id !== saleId)
    return detail.other_sale_id;
  const ids = Array.isArray(detail.sale_ids) ? detail.sale_ids : [];
  return ids.find((id): id is string => typeof id === 'string' && id !== saleId) ?? null;
}

/** How a kind's `claimed` and `expected` read: money in minor units, a rate in basis points, or as given. */
const MONEY_KINDS = new Set(['price', 'modifiers', 'card_amount', 'promotion', 'overdraw']);
const RATE_KINDS = new Set(['tax_rate']);

/** Fields read into the sentence, and ids a person cannot use (the sale is linked beside the words). */
const READ = new Set([
  'name',
  'claimed',
  'expected',
  'action',
  'reason',
  'line_id',
  'product_id',
  'other_sale_id',
]);

/** [VAL-22] [VAL-29] The figures of a value flag the sentence reads, so they are not listed again. */
const VALUE_READ = new Set([
  'account_kind',
  'code_last4',
  'balance_before',
  'delta',
  'balance_after',
  'floor',
  'misses',
  'offline',
  'within_allowance',
]);
const VALUE_KINDS = new Set(['overdraw', 'value_account', 'loyalty', 'code_guessing']);

/** An amount on an account of this kind: points are whole points, the rest money. */
function valueAmount(accountKind: unknown, minor: number, money: (minor: number) => string): string {
  return accountKind === 'loyalty' ? plural(minor, { one: '# point', other: '# points' }) : money(minor);
}

/** [VAL-22] The account an overdraw names, as a manager reads it. */
function accountWords(detail: Readonly<Record<string, unknown>>): string {
  const last4 = text(detail.code_last4);
  switch (detail.account_kind) {
    case 'gift_card':
      return last4 ? t`Gift card ••••${last4}` : t`A gift card`;
    case 'store_credit':
      return t`The customer’s store credit`;
    case 'loyalty':
      return t`The customer’s points`;
    case 'on_account':
      return t`The customer’s account`;
    default:
      return t`A balance`;
  }
}

/** [VAL-22] [VAL-29] The sentences of value flags whose detail carries figures; null for the others. */
function valueSentence(
  kind: string,
  detail: Readonly<Record<string, unknown>>,
  money: (minor: number) => string,
): string | null {
  const number = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) ? field : null);
  if (kind === 'overdraw') {
    const [before, delta, after] = [
      number(detail.balance_before),
      number(detail.delta),
      number(detail.balance_after),
    ];
    if (before === null || delta === null || after === null) return null;
    const account = accountWords(detail);
    const spent = valueAmount(detail.account_kind, -delta, money);
    const held = valueAmount(detail.account_kind, before, money);
    const left = valueAmount(detail.account_kind, after, money);
    const said = t`${account} held ${held}; ${spent} was taken from it, leaving ${left}`;
    if (detail.offline !== true) return said;
    // [VAL-21] Spent offline: within the shop's allowance, or past what the till knew.
    return detail.within_allowance === true
      ? t`${said}, offline, within the shop’s offline allowance`
      : t`${said}, offline`;
  }
  if (kind === 'code_guessing') {
    const misses = number(detail.misses);
    if (misses === null) return null;
    return plural(misses, {
      one: '# gift-card code that matches no card was tried within an hour',
      other: '# gift-card codes that match no card were tried within an hour',
    });
  }
  return null;
}

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export function flagKindName(kind: string): string {
  const known = KIND_NAMES[kind];
  if (known) return i18n._(known);
  const words = kind.replace(/_/g, ' ').trim();
  return words === '' ? t`Flag` : capital(words);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;

function amount(kind: string, value: unknown, money: (minor: number) => string): string | null {
  // The catalogue may have had several prices in the sale's window: any of them would do.
  if (Array.isArray(value)) {
    const each = value.map((one) => amount(kind, one, money)).filter((one): one is string => one !== null);
    const [first, ...others] = each;
    if (first === undefined) return null;
    return others.reduce((said, other) => t`${said} or ${other}`, first);
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (MONEY_KINDS.has(kind) && Number.isInteger(value)) return money(value);
    if (RATE_KINDS.has(kind)) return `${(value / 100).toFixed(2).replace(/\.?0+$/, '')} %`;
  }
  return text(value);
}

/** A kind's sentence with both figures, and without them (a detail that lacks one). */
interface Phrase {
  figures: (claimed: string, expected: string) => string;
  plain: string;
}

function phrase(kind: string, item: string, act: string | null): Phrase | string {
  switch (kind) {
    case 'price':
      return {
        figures: (claimed, expected) => t`${item} was sold at ${claimed}; the catalogue says ${expected}`,
        plain: t`${item} was sold at a price the catalogue does not give`,
      };
    case 'tax_rate':
      return {
        figures: (claimed, expected) => t`${item} was taxed at ${claimed}; the catalogue says ${expected}`,
        plain: t`${item} was taxed at a rate the catalogue does not give`,
      };
    case 'card_amount':
      return {
        figures: (claimed, expected) => t`The card tender was ${claimed}; its card payment was ${expected}`,
        plain: t`The card tender and its card payment differ`,
      };
    case 'promotion':
      return {
        figures: (claimed, expected) =>
          t`The till’s promotions took off ${claimed}; the shop’s promotions give ${expected}`,
        plain: t`A promotion was applied that the shop’s promotions do not give`,
      };
    case 'overdraw':
      return {
        figures: (claimed, expected) => t`${claimed} was spent from a balance of ${expected}`,
        plain: t`More was spent than the balance held`,
      };
    case 'modifiers':
      return t`${item} was sold with modifiers the catalogue does not match`;
    case 'missing_approval':
      return act
        ? t`${act} was done without the manager’s approval they require`
        : t`Something the shop’s rules protect was done without the manager’s approval they require`;
    case 'weight_without_label':
      return t`${item} was sold by weight without a scale label`;
    case 'scale_label':
      return t`${item} was rung up from a scale label that does not match it`;
    case 'unverified_approval':
      return act
        ? t`${act} was approved, but the server could not check who approved it`
        : t`An approval was given, but the server could not check who approved it`;
    case 'unverified_cashier':
      return t`The server could not check who the till said was selling`;
    case 'card_reuse':
      return t`A card payment that another sale had already used was used again`;
    case 'receipt_token':
      return t`The receipt’s link was not of the till’s making, so no public link was given`;
    case 'coupon_reuse':
      return t`A coupon was used more often than it allows`;
    case 'value_account':
      return t`A gift card or customer account did not match what the till recorded; the sale was kept`;
    case 'loyalty':
      return t`The points the till counted are not the server’s`;
    case 'code_guessing':
      return t`Many gift-card codes that match no card were tried within an hour`;
    default:
      return {
        figures: (claimed, expected) => t`The till said ${claimed}; the server found ${expected}`,
        plain: t`The server found a difference`,
      };
  }
}

function sentence(
  kind: string,
  detail: Readonly<Record<string, unknown>>,
  money: (minor: number) => string,
): string {
  const value = valueSentence(kind, detail, money);
  if (value !== null) return value;
  const name = text(detail.name);
  const action = text(detail.action);
  const known = action ? ACTION_WORDS[action] : undefined;
  const said = phrase(
    kind,
    name ? t`‘${name}’` : t`A line`,
    action ? (known ? i18n._(known) : action.replace(/_/g, ' ')) : null,
  );
  if (typeof said === 'string') return said;
  const claimed = amount(kind, detail.claimed, money);
  const expected = amount(kind, detail.expected, money);
  if (claimed !== null && expected !== null) return said.figures(claimed, expected);
  // One figure without the other still says something: name it as what it is.
  const { plain } = said;
  if (claimed !== null) return t`${plain}; the till said ${claimed}`;
  if (expected !== null) return t`${plain}; the server expected ${expected}`;
  return plain;
}

/** Extra fields that are money in minor units whatever the kind: "unit price: €1.99", never "199". */
const MONEY_FIELDS = new Set(['unit_price', 'price', 'amount', 'total', 'balance_seen']);

/** An extra field's value as a person reads it: money as money, a weighed quantity in kg. */
function fieldValue(kind: string, key: string, value: unknown, money: (minor: number) => string): string {
  if (typeof value === 'number' && Number.isInteger(value) && MONEY_FIELDS.has(key)) return money(value);
  const plain = text(value) ?? JSON.stringify(value);
  return kind === 'weight_without_label' && key === 'quantity' ? t`${plain} kg` : plain;
}

/** [FLAGUI-4] What differs, in words: the kind's sentence, the server's reason, then anything else it said. */
export function describeFlag(flag: FlagWords, money: (minor: number) => string): string {
  const detail = readable(flag.kind, flag.detail);
  const main = sentence(flag.kind, detail, money);
  const reason = text(detail.reason);
  const rest = Object.entries(detail)
    .filter(
      ([key, value]) =>
        !READ.has(key) &&
        !(VALUE_KINDS.has(flag.kind) && VALUE_READ.has(key)) &&
        value !== null &&
        value !== undefined,
    )
    .map(([key, value]) => {
      const known = FIELD_WORDS[key];
      const field = known ? i18n._(known) : key.replace(/_/g, ' ');
      const shown = fieldValue(flag.kind, key, value, money);
      return t`${field}: ${shown}`;
    });
  const worded = reason === null ? undefined : REASON_WORDS[reason];
  const why = worded === undefined ? reason?.replace(/_/g, ' ') : worded === null ? null : i18n._(worded);
  const others = capital(rest.join('; '));
  return [t`${main}.`, why ? t`Reason: ${why}.` : null, rest.length > 0 ? t`${others}.` : null]
    .filter((part): part is string => part !== null)
    .join(' ');
}
