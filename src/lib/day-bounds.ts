// A day typed in a date field ("2026-11-21") as the instants that bound it on this device's clock, for
// filters over `occurred_at`: from the start of the first day up to (not including) the day after the last.

function startOf(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function dayStart(day: string): string | undefined {
  return startOf(day)?.toISOString();
}

export function dayAfter(day: string): string | undefined {
  const start = startOf(day);
  if (!start) return undefined;
  start.setDate(start.getDate() + 1);
  return start.toISOString();
}

/** Whether an ISO time falls in [from, to) (each bound optional). */
export function withinBounds(time: string, from: string | undefined, to: string | undefined): boolean {
  const at = Date.parse(time);
  return (from === undefined || at >= Date.parse(from)) && (to === undefined || at < Date.parse(to));
}
