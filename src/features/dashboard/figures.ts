// Words for the dashboard's numbers: a change against the same day last week, an average basket, when the
// figures were loaded. Pure, so the wording is tested without a screen.
import type { DayFigures, MarginFigures } from '../../data/remote/reports';
import { grossMargin } from '../../domain/cost';
import { weekdayOf } from '../../lib/calendar';
import { formatMoney } from '../../lib/format-money';
import { formatWhen } from '../../lib/format-when';

/** "+12% on last Saturday", "same as last Saturday", "last Saturday: none". */
export function comparedWithLastWeek(now: number, before: number, lastWeekDay: string): string {
  const when = `last ${weekdayOf(lastWeekDay, 'en-GB')}`;
  if (before === 0) return now === 0 ? `None on ${when} either.` : `None on ${when}.`;
  const change = Math.round(((now - before) / Math.abs(before)) * 100);
  if (change === 0) return `Same as ${when}.`;
  return `${change > 0 ? '+' : '−'}${String(Math.abs(change))}% on ${when}.`;
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
  const unknown =
    figures.uncostedNet === 0 ? '' : ` ${money(figures.uncostedNet)} of sales have no cost and are left out.`;
  if (marginBp === null) {
    return {
      value: '—',
      hint: figures.netSales === 0 ? 'No sales yet.' : `No sale had a known cost.${unknown}`,
    };
  }
  return {
    value: `${money(margin)} (${(marginBp / 100).toFixed(1)} %)`,
    hint: `On ${money(figures.costedNet)} of net sales (excl. tax) costing ${money(figures.costTotal)}.${unknown}`,
  };
}

export function refundsLine(count: number): string {
  return count === 1 ? '1 refund today.' : `${String(count)} refunds today.`;
}

/** "today at 08:14", "19 Nov 2026 at 17:05" (the shop's time): when cached figures were loaded. */
export function loadedAt(epochMs: number, timeZone: string, now: Date = new Date()): string {
  const time = formatWhen(epochMs, timeZone, 'time');
  const date = formatWhen(epochMs, timeZone, 'date');
  return date === formatWhen(now, timeZone, 'date') ? `today at ${time}` : `${date} at ${time}`;
}

const TENDER_NAMES: Record<string, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

export function tenderName(method: string): string {
  return TENDER_NAMES[method] ?? method.charAt(0).toUpperCase() + method.slice(1);
}
