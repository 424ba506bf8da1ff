// Words for the dashboard's numbers: a change against the same day last week, an average basket, when the
// figures were loaded. Pure, so the wording is tested without a screen.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import type { DayFigures, MarginFigures } from '../../data/remote/reports';
import { grossMargin } from '../../domain/cost';
import { METHOD_NAMES } from '../../domain/payment-words';
import { weekdayOf } from '../../lib/calendar';
import { formatMoney } from '../../lib/format-money';
import { formatWhen } from '../../lib/format-when';
import { screenLocale } from '../../lib/i18n/intl';

/** "+12% on last Saturday", "same as last Saturday", "last Saturday: none". */
export function comparedWithLastWeek(now: number, before: number, lastWeekDay: string): string {
  const weekday = weekdayOf(lastWeekDay, screenLocale());
  if (before === 0) return now === 0 ? t`None on last ${weekday} either.` : t`None on last ${weekday}.`;
  const percent = Math.round(((now - before) / Math.abs(before)) * 100);
  if (percent === 0) return t`Same as last ${weekday}.`;
  const change = `${percent > 0 ? '+' : '−'}${String(Math.abs(percent))}`;
  return t`${change}% on last ${weekday}.`;
}

/** Net sales divided by sales; "—" when there were none. */
export function averageBasket(day: DayFigures, currency: string): string {
  return day.salesCount === 0 ? '—' : formatMoney(Math.round(day.netTotal / day.salesCount), currency);
}

/**
 * [REP-11] Gross margin in words: the margin and its percentage of the sales with a known cost, and how much
 * revenue had no cost — never shown as 100 % margin. Value "—" when no line sold had a cost.
 */
export function marginWords(figures: MarginFigures, currency: string): { value: string; hint: string } {
  const money = (minor: number) => formatMoney(minor, currency);
  const { margin, marginBp } = grossMargin(figures);
  const uncosted = money(figures.uncostedNet);
  // Two sentences, each a whole message, joined by a space.
  const unknown =
    figures.uncostedNet === 0 ? '' : ` ${t`${uncosted} of sales have no cost and are left out.`}`;
  if (marginBp === null) {
    return {
      value: '—',
      hint: figures.netSales === 0 ? t`No sales yet.` : `${t`No sale had a known cost.`}${unknown}`,
    };
  }
  const costed = money(figures.costedNet);
  const cost = money(figures.costTotal);
  return {
    value: `${money(margin)} (${(marginBp / 100).toFixed(1)} %)`,
    hint: `${t`On ${costed} of net sales (excl. tax) costing ${cost}.`}${unknown}`,
  };
}

export function refundsLine(count: number): string {
  return plural(count, { one: '# refund today.', other: '# refunds today.' });
}

/** "today at 08:14", "19 Nov 2026 at 17:05" (the shop's time): when cached figures were loaded. */
export function loadedAt(epochMs: number, timeZone: string, now: Date = new Date()): string {
  const time = formatWhen(epochMs, timeZone, 'time');
  const date = formatWhen(epochMs, timeZone, 'date');
  return date === formatWhen(now, timeZone, 'date') ? t`today at ${time}` : t`${date} at ${time}`;
}

export function tenderName(method: string): string {
  const known = (METHOD_NAMES as Readonly<Record<string, MessageDescriptor | undefined>>)[method];
  // A tender this app does not know yet reads by its own code.
  return known ? i18n._(known) : method.charAt(0).toUpperCase() + method.slice(1);
}
