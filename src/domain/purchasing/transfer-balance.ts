// [PUR-30] A transfer line never counts stock in two places or none: sent = received + damaged + lost +
// returned + in transit, every part ≥ 0. The till reads what is still on the way from it ([PUR-T11]).
import type { Milli } from '../quantity';

export interface TransferLineFigures {
  sent: Milli;
  received: Milli;
  damaged: Milli;
  lost: Milli;
  returned: Milli;
}

/** In transit = sent − received − damaged − lost − returned (never below 0 on the till's view). */
export function inTransit(line: TransferLineFigures): Milli {
  return Math.max(0, line.sent - line.received - line.damaged - line.lost - line.returned);
}

/** [PUR-30] The conservation holds for a line's figures. */
export function balances(line: TransferLineFigures & { inTransit: Milli }): boolean {
  const parts = [line.received, line.damaged, line.lost, line.returned, line.inTransit];
  return parts.every((part) => part >= 0) && parts.reduce((a, b) => a + b, 0) === line.sent;
}
