// The insights' periods ([INS-7]): this week (Monday to today), this month, the last 30 days or a custom range,
// and the two periods each is compared with — the same number of days just before it, and the same dates a
// year earlier. Days are the shop's calendar days (YYYY-MM-DD), as the server's functions take them.
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { Period } from '../../../data/remote/insights';
import { addDays, daysBetween } from '../../../lib/calendar';

export type PeriodChoice = 'week' | 'month' | 'last30' | 'custom';

/** Labels are descriptors (built before the catalogue loads), translated where shown. */
export const PERIOD_CHOICES: readonly { value: PeriodChoice; label: MessageDescriptor }[] = [
  { value: 'week', label: msg`This week` },
  { value: 'month', label: msg`This month` },
  { value: 'last30', label: msg`Last 30 days` },
  { value: 'custom', label: msg`Custom` },
];

/** The period a choice names on `today`; a custom one is `custom` as given. */
export function periodFor(choice: PeriodChoice, today: string, custom: Period): Period {
  switch (choice) {
    case 'week': {
      // getUTCDay: 0 is Sunday; the shop's week starts on Monday.
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      return { from: addDays(today, -weekday), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'custom':
      return custom;
  }
}

/** The same number of days, ending the day before `period` starts. */
export function previousPeriod(period: Period): Period {
  const days = daysBetween(period.from, period.to);
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
}

/** The same dates a year earlier; 29 February becomes the 28th. */
export function lastYear(period: Period): Period {
  return { from: yearBefore(period.from), to: yearBefore(period.to) };
}

function yearBefore(day: string): string {
  const year = String(Number(day.slice(0, 4)) - 1).padStart(4, '0');
  const monthDay = day.slice(5) === '02-29' ? '02-28' : day.slice(5);
  return `${year}-${monthDay}`;
}

/** "+12 %", "−3 %", "same"; null when there is nothing to compare with (zero or unknown before). */
export function change(now: number | null, before: number | null): string | null {
  if (now === null || before === null || before === 0) return null;
  const percent = Math.round(((now - before) / Math.abs(before)) * 100);
  if (percent === 0) return t`same`;
  return `${percent > 0 ? '+' : '−'}${String(Math.abs(percent))} %`;
}
