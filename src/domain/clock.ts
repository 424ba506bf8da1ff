// The till's clock, passed in rather than read, so tests pin time. A sale's `occurred_at` comes from it
// (display only: the server stamps `recorded_at` itself).

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** [ID-3] A clock stopped at `iso` (tests), optionally moved on by `advance`. */
export function fixedClock(iso: string): Clock & { advance: (ms: number) => void } {
  let now = new Date(iso).getTime();
  if (Number.isNaN(now)) throw new RangeError(`"${iso}" is not a date-time.`);
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}
