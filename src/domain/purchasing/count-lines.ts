// Counting at the till ([PUR-T12], [PUR-T13]): this till's lines of one stocktake, one per product and zone.
// A scan adds one, typing sets the number, and each change stamps `counted_at`. 'Send counts' takes the lines
// changed since the last send; a line already sent goes again as a new line that `replaces` it, so the
// server keeps one count per pile ([PUR-6]: a line is in force while nothing replaces it).
import type { Milli } from '../quantity';

export interface CountLine {
  /** The line's id as it will be (or was last) sent. */
  id: string;
  productId: string;
  /** '' when no zone was named. */
  zone: string;
  counted: Milli;
  countedAt: string;
  /** The id this line was last sent under; null before its first send. */
  sentId: string | null;
  /** Changed since it was last sent (or never sent). */
  dirty: boolean;
}

function same(line: CountLine, productId: string, zone: string): boolean {
  return line.productId === productId && line.zone === zone;
}

/** [PUR-T12] Sets (or, with `add`, adds to) this till's count of a product in a zone. */
export function setCount(
  lines: readonly CountLine[],
  change: { productId: string; zone: string; counted: Milli; add?: boolean; at: string; newId: () => string },
): CountLine[] {
  const at = lines.findIndex((line) => same(line, change.productId, change.zone));
  if (at < 0) {
    return [
      ...lines,
      {
        id: change.newId(),
        productId: change.productId,
        zone: change.zone,
        counted: change.counted,
        countedAt: change.at,
        sentId: null,
        dirty: true,
      },
    ];
  }
  const line = lines[at];
  if (line === undefined) return [...lines];
  const counted = change.add === true ? line.counted + change.counted : change.counted;
  // A line already sent and changed again travels under a new id, naming the one it replaces.
  const id = line.sentId !== null && line.id === line.sentId ? change.newId() : line.id;
  return lines.map((other, index) =>
    index === at ? { ...line, id, counted, countedAt: change.at, dirty: true } : other,
  );
}

/** One line of a `stocktake.count` op ([PUR-32]). */
export interface CountToSend {
  id: string;
  productId: string;
  zone: string | null;
  counted: Milli;
  countedAt: string;
  replaces: string | null;
}

/** [PUR-T13] What 'Send counts' sends: the lines changed since the last send. */
export function countsToSend(lines: readonly CountLine[]): CountToSend[] {
  return lines
    .filter((line) => line.dirty)
    .map((line) => ({
      id: line.id,
      productId: line.productId,
      zone: line.zone === '' ? null : line.zone,
      counted: line.counted,
      countedAt: line.countedAt,
      replaces: line.sentId !== null && line.sentId !== line.id ? line.sentId : null,
    }));
}

/** The lines once sent: each is clean, under the id it went as. */
export function markSent(lines: readonly CountLine[]): CountLine[] {
  return lines.map((line) => (line.dirty ? { ...line, sentId: line.id, dirty: false } : line));
}
