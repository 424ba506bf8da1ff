// A promotion as the form holds it (text as typed, so nothing is lost on an error) and as the engine reads
// it. `promotionOfDraft` parses every field; what does not parse becomes NaN, so checkPromotion ([PROMO-14])
// names the field with its own code and the form has one list of problems, keyed by the engine's field paths
// (`rule.components.1.quantity`), the same paths the server names when it refuses a save. Dates are the
// shop's days: a promotion starts at the start of its first day and ends at the end of its last.
import { parseAmount } from '../../../domain/money-text';
import { checkPromotion, type PromotionProblem } from '../../../domain/promotions/promotion-check';
import type {
  ItemSet,
  Promotion,
  PromotionKind,
  PromotionRule,
} from '../../../domain/promotions/promotion-types';
import type { PromotionRow } from '../../../data/remote/promotion-rows';
import { dayIn } from '../../../lib/calendar';
import { dayAfter, dayStart } from '../../../lib/day-bounds';
import { checkName, priceText } from '../product-fields';

export interface ItemPick {
  productIds: string[];
  categoryIds: string[];
}

export interface SlotDraft {
  /** 1 = Monday … 7 = Sunday. */
  days: number[];
  /** "HH:MM", 24-hour; "24:00" is the end of the day. */
  from: string;
  to: string;
}

export interface ComponentDraft {
  items: ItemPick;
  quantity: string;
}

export interface PromotionDraft {
  name: string;
  kind: PromotionKind;
  /** percent_off and amount_off: the whole basket instead of chosen items. */
  wholeBasket: boolean;
  items: ItemPick;
  /** A percentage as typed ("12,5"). */
  rate: string;
  amount: string;
  minSpend: string;
  offKind: 'percent' | 'amount';
  buy: ItemPick;
  buyQuantity: string;
  /** buy_x_get_y: the free (or cheaper) units come from the buy set. */
  getFromBuy: boolean;
  get: ItemPick;
  getQuantity: string;
  /** The percentage off the get units: 100 = free. */
  getRate: string;
  quantity: string;
  price: string;
  repeat: boolean;
  components: ComponentDraft[];
  unitPrice: string;
  /** YYYY-MM-DD in the shop's time zone, or "" for open. */
  startsOn: string;
  endsOn: string;
  slots: SlotDraft[];
  storeIds: string[];
  customersOnly: boolean;
  couponOnly: boolean;
  combinable: boolean;
  priority: string;
}

const NO_ITEMS: ItemPick = { productIds: [], categoryIds: [] };

export function emptyDraft(): PromotionDraft {
  return {
    name: '',
    kind: 'percent_off',
    wholeBasket: false,
    items: NO_ITEMS,
    rate: '',
    amount: '',
    minSpend: '',
    offKind: 'percent',
    buy: NO_ITEMS,
    buyQuantity: '1',
    getFromBuy: true,
    get: NO_ITEMS,
    getQuantity: '1',
    getRate: '100',
    quantity: '2',
    price: '',
    repeat: true,
    components: [
      { items: NO_ITEMS, quantity: '1' },
      { items: NO_ITEMS, quantity: '1' },
    ],
    unitPrice: '',
    startsOn: '',
    endsOn: '',
    slots: [],
    storeIds: [],
    customersOnly: false,
    couponOnly: false,
    combinable: true,
    priority: '100',
  };
}

/** The highest priority the server stores (promotions.priority check). */
export const MAX_PRIORITY = 10_000;

const pick = (items: ItemSet | null): ItemPick =>
  items ? { productIds: [...items.productIds], categoryIds: [...items.categoryIds] } : NO_ITEMS;
const setOf = (items: ItemPick): ItemSet => ({
  productIds: items.productIds,
  categoryIds: items.categoryIds,
});

/** "12,5" → 1250 basis points; anything else NaN (a rate out of 0–100 % stays a number, for the check). */
export function percentBp(text: string): number {
  const body = text.replace(/[\s\u00a0\u202f%]/gu, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(body)) return Number.NaN;
  const [whole = '0', fraction = ''] = body.replace('-', '').split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return body.startsWith('-') ? -bp : bp;
}

export function percentText(bp: number): string {
  return String(bp / 100);
}

function money(text: string, currency: string): number {
  const amount = parseAmount(text, currency);
  return amount.ok ? amount.value : Number.NaN;
}

function count(text: string): number {
  const body = text.trim();
  return /^\d{1,9}$/.test(body) ? Number(body) : Number.NaN;
}

/** "16:30" → 990; "24:00" → 1440; anything else NaN. */
export function minutesOf(text: string): number {
  const match = /^(\d{1,2})[:.h](\d{2})$/.exec(text.trim());
  if (!match) return Number.NaN;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return Number.NaN;
  return hours * 60 + minutes;
}

export function timeText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function ruleOfDraft(draft: PromotionDraft, currency: string): PromotionRule {
  switch (draft.kind) {
    case 'percent_off':
      return {
        kind: 'percent_off',
        items: draft.wholeBasket ? null : setOf(draft.items),
        rate: percentBp(draft.rate),
      };
    case 'amount_off':
      return {
        kind: 'amount_off',
        items: draft.wholeBasket ? null : setOf(draft.items),
        amount: money(draft.amount, currency),
      };
    case 'basket_threshold':
      return {
        kind: 'basket_threshold',
        minSpend: money(draft.minSpend, currency),
        off:
          draft.offKind === 'percent'
            ? { kind: 'percent', rate: percentBp(draft.rate) }
            : { kind: 'amount', amount: money(draft.amount, currency) },
      };
    case 'buy_x_get_y':
      return {
        kind: 'buy_x_get_y',
        buy: setOf(draft.buy),
        buyQuantity: count(draft.buyQuantity),
        get: draft.getFromBuy ? null : setOf(draft.get),
        getQuantity: count(draft.getQuantity),
        getRate: percentBp(draft.getRate),
        repeat: draft.repeat,
      };
    case 'mix_match':
      return {
        kind: 'mix_match',
        items: setOf(draft.items),
        quantity: count(draft.quantity),
        price: money(draft.price, currency),
        repeat: draft.repeat,
      };
    case 'bundle_price':
      return {
        kind: 'bundle_price',
        components: draft.components.map((component) => ({
          items: setOf(component.items),
          quantity: count(component.quantity),
        })),
        price: money(draft.price, currency),
        repeat: draft.repeat,
      };
    case 'fixed_price':
      return { kind: 'fixed_price', items: setOf(draft.items), unitPrice: money(draft.unitPrice, currency) };
  }
}

/** A bound as an instant, "" as open; a day that is no day stays text the check refuses. */
function bound(day: string, instant: (day: string) => string | undefined): string | null {
  if (day.trim() === '') return null;
  return instant(day) ?? day;
}

export function promotionOfDraft(
  draft: PromotionDraft,
  currency: string,
  timeZone: string,
  id = '',
): Promotion {
  return {
    id,
    priority: count(draft.priority),
    combinable: draft.combinable,
    startsAt: bound(draft.startsOn, (day) => dayStart(day, timeZone)),
    endsAt: bound(draft.endsOn, (day) => dayAfter(day, timeZone)),
    slots: draft.slots.map((slot) => ({
      days: [...slot.days].sort((a, b) => a - b),
      from: minutesOf(slot.from),
      to: minutesOf(slot.to),
    })),
    storeIds: draft.storeIds,
    customersOnly: draft.customersOnly,
    couponOnly: draft.couponOnly,
    rule: ruleOfDraft(draft, currency),
  };
}

/** A field's problem in words, keyed by field path ("name", "rule.rate", "slots.0"). */
export type DraftErrors = Record<string, string>;

export type CheckedDraft =
  | { ok: true; name: string; promotion: Promotion }
  | { ok: false; nameError: string | null; problems: PromotionProblem[] };

/** The draft checked as the server will check it: the name, then checkPromotion, then the stored ranges. */
export function checkDraft(draft: PromotionDraft, currency: string, timeZone: string): CheckedDraft {
  const name = checkName(draft.name, 100);
  const promotion = promotionOfDraft(draft, currency, timeZone);
  const problems = checkPromotion(promotion);
  const priority = promotion.priority;
  if (Number.isSafeInteger(priority) && (priority < 0 || priority > MAX_PRIORITY)) {
    problems.push({ field: 'priority', code: 'bad_priority' });
  }
  if (!name.ok || problems.length > 0) {
    return { ok: false, nameError: name.ok ? null : name.error.message, problems };
  }
  return { ok: true, name: name.value, promotion };
}

function dayOf(instant: string | null, timeZone: string, back = 0): string {
  if (instant === null) return '';
  return dayIn(timeZone, new Date(Date.parse(instant) - back));
}

/** A stored promotion in the form's terms. */
export function draftOfRow(row: PromotionRow, currency: string, timeZone: string): PromotionDraft {
  const draft: PromotionDraft = {
    ...emptyDraft(),
    name: row.name,
    kind: row.rule.kind,
    // The end is the start of the day after the last: a millisecond before it is the last day.
    startsOn: dayOf(row.startsAt, timeZone),
    endsOn: dayOf(row.endsAt, timeZone, 1),
    slots: row.slots.map((slot) => ({
      days: [...slot.days],
      from: timeText(slot.from),
      to: timeText(slot.to),
    })),
    storeIds: [...row.storeIds],
    customersOnly: row.customersOnly,
    couponOnly: row.couponOnly,
    combinable: row.combinable,
    priority: String(row.priority),
  };
  const amount = (minor: number) => priceText(minor, currency);
  const rule = row.rule;
  switch (rule.kind) {
    case 'percent_off':
      return {
        ...draft,
        wholeBasket: rule.items === null,
        items: pick(rule.items),
        rate: percentText(rule.rate),
      };
    case 'amount_off':
      return {
        ...draft,
        wholeBasket: rule.items === null,
        items: pick(rule.items),
        amount: amount(rule.amount),
      };
    case 'basket_threshold':
      return {
        ...draft,
        minSpend: amount(rule.minSpend),
        offKind: rule.off.kind,
        ...(rule.off.kind === 'percent'
          ? { rate: percentText(rule.off.rate) }
          : { amount: amount(rule.off.amount) }),
      };
    case 'buy_x_get_y':
      return {
        ...draft,
        buy: pick(rule.buy),
        buyQuantity: String(rule.buyQuantity),
        getFromBuy: rule.get === null,
        get: pick(rule.get),
        getQuantity: String(rule.getQuantity),
        getRate: percentText(rule.getRate),
        repeat: rule.repeat,
      };
    case 'mix_match':
      return {
        ...draft,
        items: pick(rule.items),
        quantity: String(rule.quantity),
        price: amount(rule.price),
        repeat: rule.repeat,
      };
    case 'bundle_price':
      return {
        ...draft,
        components: rule.components.map((component) => ({
          items: pick(component.items),
          quantity: String(component.quantity),
        })),
        price: amount(rule.price),
        repeat: rule.repeat,
      };
    case 'fixed_price':
      return { ...draft, items: pick(rule.items), unitPrice: amount(rule.unitPrice) };
  }
}
