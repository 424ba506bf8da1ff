// When something happened, as every screen and receipt shows it: one format ("21 Nov 2026, 08:14", 24-hour
// clock), always in the shop's time zone — so a sale reads the same on every till and in the back office,
// and agrees with the charts and reports, which count the shop's days. An unknown or missing zone (a device
// that does not know its shop yet) falls back to this device's own.

import { dateFormat, screenLocale } from './i18n/intl';

export type WhenPart = 'date' | 'time' | 'dateTime';

const PARTS: Record<WhenPart, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  dateTime: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
};

function formatter(timeZone: string | undefined, part: WhenPart, locale: string): Intl.DateTimeFormat {
  try {
    return dateFormat(locale, { ...PARTS[part], timeZone });
  } catch {
    return dateFormat(locale, PARTS[part]);
  }
}

/**
 * `at` (ISO text, epoch milliseconds or a Date) in the shop's `timeZone`: its date, time, or both, written
 * the way `locale` writes them — the screens' language unless a document for the shop names the shop's.
 */
export function formatWhen(
  at: string | number | Date,
  timeZone: string | undefined,
  part: WhenPart = 'dateTime',
  locale: string = screenLocale(),
): string {
  return formatter(timeZone, part, locale).format(new Date(at));
}
