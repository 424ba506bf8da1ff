// A report's 'From' and 'To' days (DayField) as the server's range: the first day's start and the day after
// the last, in the shop's time zone, or the problem in words (a missing day, an end before the start).
import { t } from '@lingui/core/macro';
import { isDay } from '../lib/calendar';
import { dayAfter, dayStart } from '../lib/day-bounds';

export type DayRange = { from: string; to: string; problem?: undefined } | { problem: string };

export function dayRange(from: string, to: string, timeZone: string): DayRange {
  if (!isDay(from) || !isDay(to)) return { problem: t`Choose a start and an end date.` };
  if (to < from) return { problem: t`The end date is before the start date.` };
  return { from: dayStart(from, timeZone) ?? from, to: dayAfter(to, timeZone) ?? to };
}
