// A day typed in a date field ("2026-11-21") as the instants that bound it, for filters over `occurred_at`:
// from the start of the first day up to (not including) the day after the last. Days are the shop's: a
// manager in another zone who asks for the 21st sees the sales the shop's own reports count on the 21st.
// Without a zone (a device that knows no shop yet) the device's own midnight is used.
import { addDays, isDay } from './calendar';

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds (null: an unknown zone). */
function offsetAt(instant: number, zone: string): number | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(instant));
  } catch {
    return null;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of `day` in `zone`. Midnight there is UTC midnight less the zone's offset; the offset is
 * read twice because the first guess may sit on the other side of a daylight-saving change.
 */
function midnightIn(day: string, zone: string): Date | null {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const first = offsetAt(utcMidnight, zone);
  if (first === null) return null;
  const second = offsetAt(utcMidnight - first, zone) ?? first;
  return new Date(utcMidnight - second);
}

function startOf(day: string, zone: string | undefined): Date | null {
  if (!isDay(day)) return null;
  if (zone !== undefined) {
    const start = midnightIn(day, zone);
    if (start) return start;
  }
  return new Date(`${day}T00:00:00`);
}

export function dayStart(day: string, zone?: string): string | undefined {
  return startOf(day, zone)?.toISOString();
}

export function dayAfter(day: string, zone?: string): string | undefined {
  return isDay(day) ? startOf(addDays(day, 1), zone)?.toISOString() : undefined;
}

/** Whether an ISO time falls in [from, to) (each bound optional). */
export function withinBounds(time: string, from: string | undefined, to: string | undefined): boolean {
  const at = Date.parse(time);
  return (from === undefined || at >= Date.parse(from)) && (to === undefined || at < Date.parse(to));
}
