// Calendar days as the server's reports take them (YYYY-MM-DD, in the shop's time zone): today there, and
// simple day arithmetic that never passes through a local time zone.

/** The calendar day it is now in `timeZone`, as YYYY-MM-DD (UTC when the zone is unknown). */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** `day` moved by `days` (negative for earlier). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, inclusive of both; 0 when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  const span = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Number.isNaN(span) || span < 0 ? 0 : span / 86_400_000 + 1;
}

/** The weekday's name of a YYYY-MM-DD day, e.g. "Saturday". */
export function weekdayOf(day: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD string that names a real day. */
export function isDay(value: string): boolean {
  return DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}
