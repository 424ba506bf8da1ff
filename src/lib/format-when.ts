// When something happened, as every screen and receipt shows it: one format ("21 Nov 2026, 08:14", 24-hour
// clock), always in the shop's time zone — so a sale reads the same on every till and in the back office,
// and agrees with the charts and reports, which count the shop's days. An unknown or missing zone (a device
// that does not know its shop yet) falls back to this device's own.

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

// Building a formatter is costly next to using one, and a list formats hundreds of rows.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined, part: WhenPart): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${part}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat('en-GB', { ...PARTS[part], timeZone });
    } catch {
      found = new Intl.DateTimeFormat('en-GB', PARTS[part]);
    }
    formatters.set(key, found);
  }
  return found;
}

/** `at` (ISO text, epoch milliseconds or a Date) in the shop's `timeZone`: its date, time, or both. */
export function formatWhen(
  at: string | number | Date,
  timeZone: string | undefined,
  part: WhenPart = 'dateTime',
): string {
  return formatter(timeZone, part).format(new Date(at));
}
