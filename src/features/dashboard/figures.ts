// Words for the dashboard's numbers: a change against the same day last week, an average basket, when the
// figures were loaded. Pure, so the wording is tested without a screen.
import type { DayFigures } from '../../data/remote/reports';
import { weekdayOf } from '../../lib/calendar';
import { formatMoney } from '../../lib/format-money';

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

export function refundsLine(count: number): string {
  return count === 1 ? '1 refund today.' : `${String(count)} refunds today.`;
}

/** "Figures from 08:14, 21 Nov": when cached figures are shown instead of fresh ones. */
export function loadedAt(epochMs: number, now: Date = new Date()): string {
  const at = new Date(epochMs);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const sameDay = at.toDateString() === now.toDateString();
  const date = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  return sameDay ? `today at ${time}` : `${date} at ${time}`;
}

const TENDER_NAMES: Record<string, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

export function tenderName(method: string): string {
  return TENDER_NAMES[method] ?? method.charAt(0).toUpperCase() + method.slice(1);
}
