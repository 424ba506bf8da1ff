// Promotions in words: each [PROMO-14] problem code as the sentence shown under its field (whether the form's
// check or the server found it), the kinds, the statuses, and a promotion's schedule. Module-level tables are
// `msg` descriptors, translated where shown.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { PromotionProblem, PromotionProblemCode } from '../../../domain/promotions/promotion-check';
import type { PromotionKind, WeeklySlot } from '../../../domain/promotions/promotion-types';
import { dayIn } from '../../../lib/calendar';
import { dateFormat, screenLocale } from '../../../lib/i18n/intl';
import { timeText } from './promotion-draft';

const PROBLEM_WORDS: Record<PromotionProblemCode, MessageDescriptor> = {
  ends_before_start: msg`The end date is before the start date.`,
  not_a_time: msg`Enter a date.`,
  rate_out_of_range: msg`Enter a percentage from 0 to 100.`,
  amount_out_of_range: msg`Enter an amount of 0 or more.`,
  quantity_too_small: msg`Enter a whole number, 1 or more.`,
  no_items: msg`Choose at least one product or category.`,
  no_components: msg`Add at least one part to the bundle.`,
  bad_slot: msg`Choose at least one day, and a start time before the end time (00:00 to 24:00).`,
  bad_priority: msg`Enter a whole number from 0 to 10000.`,
  bad_rule: msg`This kind of promotion is not known to this version of Tillpoint. Reload the page, then save again.`,
};

export function problemWords(problem: Pick<PromotionProblem, 'code'>): string {
  return i18n._(PROBLEM_WORDS[problem.code]);
}

export const KIND_WORDS: Record<PromotionKind, MessageDescriptor> = {
  percent_off: msg`Percentage off`,
  amount_off: msg`Amount off`,
  basket_threshold: msg`Spend and save`,
  buy_x_get_y: msg`Buy X, get Y`,
  mix_match: msg`Mix and match`,
  bundle_price: msg`Bundle price`,
  fixed_price: msg`Fixed price (happy hour)`,
};

export const KINDS: readonly PromotionKind[] = [
  'percent_off',
  'amount_off',
  'basket_threshold',
  'buy_x_get_y',
  'mix_match',
  'bundle_price',
  'fixed_price',
];

/** Short weekday names in the person's language, Monday first (1 = Monday … 7 = Sunday). */
export function weekdayNames(): string[] {
  const format = dateFormat(screenLocale(), { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return [1, 2, 3, 4, 5, 6, 7].map((day) => format.format(new Date(Date.UTC(2024, 0, day))));
}

function dayText(day: string): string {
  return dateFormat(screenLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** One weekly slot: "Mon, Tue, Wed 16:00–18:00". */
export function slotWords(slot: WeeklySlot): string {
  const names = weekdayNames();
  const days = slot.days.map((day) => names[day - 1] ?? String(day)).join(', ');
  const from = timeText(slot.from);
  const to = timeText(slot.to);
  return t`${days} ${from}–${to}`;
}

/** When a promotion runs, in words: its dates (in the shop's days) and its weekly slots. */
export function scheduleWords(
  promotion: { startsAt: string | null; endsAt: string | null; slots: readonly WeeklySlot[] },
  timeZone: string,
): string {
  const start = promotion.startsAt ? dayText(dayIn(timeZone, new Date(promotion.startsAt))) : null;
  // The end is the first instant after the last day.
  const end = promotion.endsAt ? dayText(dayIn(timeZone, new Date(Date.parse(promotion.endsAt) - 1))) : null;
  const dates =
    start && end ? t`${start} to ${end}` : start ? t`From ${start}` : end ? t`Until ${end}` : t`Always`;
  if (promotion.slots.length === 0) return dates;
  const slots = promotion.slots.map(slotWords).join('; ');
  return t`${dates}; ${slots}`;
}
