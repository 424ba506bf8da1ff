// [PUR-T2] What a till believes has already arrived against an order line (or a transfer line): what the
// pull said was received and held there, plus this device's own receipts of it that no pull has reflected
// yet. The server compares it with its own figure to hold a second count of one delivery ([PUR-19]).
import type { Milli } from '../quantity';

export interface PulledLineFigures {
  /** The line's `received` as last pulled, in thousandths. */
  received: Milli;
  /** The line's `held` as last pulled, in thousandths. */
  held: Milli;
}

export interface LocalReceiptLine {
  /** The order (or transfer) line it was received against; null for an extra line. */
  lineId: string | null;
  /** What it brought in, in thousandths (received + damaged for a transfer). */
  quantity: Milli;
  /** A pull has brought this receipt line back: the pulled figures include it already. */
  reflected: boolean;
}

/** [PUR-T2] seen_received = pulled received + held + this device's unreflected receipts of the line. */
export function seenReceived(
  lineId: string,
  pulled: PulledLineFigures,
  local: readonly LocalReceiptLine[],
): Milli {
  let total = pulled.received + pulled.held;
  for (const line of local) {
    if (line.lineId === lineId && !line.reflected) total += line.quantity;
  }
  return total;
}
