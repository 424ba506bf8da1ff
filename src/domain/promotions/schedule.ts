// [PROMO-2] When a promotion applies: between its dates, and in one of its weekly slots read in the shop's
// time zone. The local weekday and minute are worked out once per call, so 200 promotions cost 200 compares.
import type { WeeklySlot } from './promotion-types';

export interface LocalTime {
  epochMs: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  minute: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // 'en-US' only names the parts we read back; nothing here is shown to a person.
    const options = { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone this runtime does not know reads as UTC, as the mailed receipt does ([MAIL-7]).
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// A cart changes many times a minute: the last minute read per zone is kept (zones move by whole minutes).
const lastRead = new Map<string, { minute: number; weekday: number; minuteOfDay: number }>();

export function localTime(at: string, timeZone: string): LocalTime {
  const epochMs = Date.parse(at);
  if (Number.isNaN(epochMs)) throw new RangeError(`Not a time: ${at}`);
  const epochMinute = Math.floor(epochMs / 60_000);
  const last = lastRead.get(timeZone);
  if (last?.minute === epochMinute) return { epochMs, weekday: last.weekday, minute: last.minuteOfDay };
  let weekday = 1;
  let hour = 0;
  let minute = 0;
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type === 'weekday') weekday = WEEKDAYS.indexOf(part.value) + 1;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  lastRead.set(timeZone, { minute: epochMinute, weekday, minuteOfDay: hour * 60 + minute });
  return { epochMs, weekday, minute: hour * 60 + minute };
}

/** A promotion's dates read once (epoch ms, null: open), with its slots. */
export interface Schedule {
  startsMs: number | null;
  endsMs: number | null;
  slots: readonly WeeklySlot[];
}

export function readSchedule(promotion: {
  startsAt: string | null;
  endsAt: string | null;
  slots: readonly WeeklySlot[];
}): Schedule {
  const read = (at: string | null) => (at === null ? null : Date.parse(at));
  return { startsMs: read(promotion.startsAt), endsMs: read(promotion.endsAt), slots: promotion.slots };
}

/** [PROMO-2] Dates half-open [startsAt, endsAt); slots half-open [from, to) on their days. */
export function isInSchedule(promotion: Schedule, now: LocalTime): boolean {
  if (promotion.startsMs !== null && now.epochMs < promotion.startsMs) return false;
  if (promotion.endsMs !== null && now.epochMs >= promotion.endsMs) return false;
  if (promotion.slots.length === 0) return true;
  return promotion.slots.some(
    (slot) => slot.days.includes(now.weekday) && now.minute >= slot.from && now.minute < slot.to,
  );
}
