// Which card reader this till pays on (issue 20), as this device last heard it from the server. The register
// reads it synchronously, so 'Card' never waits on the network to know whether a reader is there; it asks the
// server (`list_readers`) in the background and writes the answer here. It belongs to the device's till, like
// the printer's settings, so it lives in localStorage under the till's id; Settings → This till may write it
// after assigning a reader, and anything unreadable counts as "never heard".
import { z } from 'zod';
import type { CardReader } from '../remote/card-payments';

export interface TillCardReader {
  /** card_readers.id */
  id: string;
  /** Stripe's reader id (tmr_…). */
  stripeReaderId: string;
  label: string;
  /** Stripe's device_type, e.g. `simulated_wisepos_e`, `stripe_s700`. */
  deviceType: string;
}

const storedSchema = z.object({
  reader: z
    .object({ id: z.string(), stripeReaderId: z.string(), label: z.string(), deviceType: z.string() })
    .nullable(),
  checkedAt: z.string(),
});
export type StoredTillReader = z.infer<typeof storedSchema>;

export interface ReaderStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const tillReaderKey = (terminalId: string): string => `tillpoint.card-reader.${terminalId}`;

/** What the device knows: `undefined` when it never heard, `reader: null` when the till has none. */
export function readTillReader(
  storage: ReaderStorage | null,
  terminalId: string,
): StoredTillReader | undefined {
  try {
    const raw = storage?.getItem(tillReaderKey(terminalId)) ?? null;
    if (raw === null) return undefined;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeTillReader(
  storage: ReaderStorage | null,
  terminalId: string,
  reader: TillCardReader | null,
  checkedAt: string,
): void {
  try {
    const stored: StoredTillReader = { reader, checkedAt };
    storage?.setItem(tillReaderKey(terminalId), JSON.stringify(stored));
  } catch {
    // Not remembered after a reload; this page still knows it.
  }
}

/** The reader of `readers` (the shop's, as `list_readers` answers) assigned to this till, or null. */
export function assignedReader(readers: readonly CardReader[], terminalId: string): TillCardReader | null {
  const row = readers.find((reader) => reader.terminal_id === terminalId);
  return row
    ? { id: row.id, stripeReaderId: row.stripe_reader_id, label: row.label, deviceType: row.device_type }
    : null;
}
