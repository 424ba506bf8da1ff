// Ids made on the till. Sales, lines, payments, customers and outbox ops get UUIDv7 ids on the device —
// they are the primary keys on the server too, which is what makes an offline sale replay exactly once.
// v7 ids start with the time, so they sort by creation and index well. Code that makes ids takes an
// `IdGenerator` argument, so tests pass `pinnedIds()` and get the same ids on every run.
import { v7, validate, version } from 'uuid';

export type IdGenerator = () => string;

/** [ID-1] The real generator: uuid's v7, ascending even within one millisecond (per tab: uuid keeps the state). */
export const newId: IdGenerator = () => v7();

/**
 * [ID-2] For tests: valid UUIDv7 ids from a pinned time and a counter, so every run makes the same ids
 * in the same (ascending) order.
 */
export function pinnedIds(msecs = Date.UTC(2026, 0, 1)): IdGenerator {
  let count = 0;
  return () => {
    count += 1;
    const random = new Uint8Array(16);
    new DataView(random.buffer).setUint32(12, count);
    return v7({ msecs, seq: count, random });
  };
}

export function isUuid(text: string): boolean {
  return validate(text);
}

export function isUuidV7(text: string): boolean {
  return validate(text) && version(text) === 7;
}
