// Cash-up arithmetic for a shift (a drawer session on one terminal): the cash the drawer should hold,
// the cash counted by denomination, and over/short. Pure numbers, so the till can close a shift offline
// and the server can recompute the same figures from the same sales and movements.
import { denominationsOf } from './denominations';
import { assertMinor, sum, type Minor } from './money';

/** The cash that went in and out of the drawer during a shift. All amounts are positive. */
export interface CashFlow {
  openingFloat: Minor;
  /** Cash handed over by customers for sales. */
  cashTendered: Minor;
  /** Change handed back for those sales. */
  changeGiven: Minor;
  /** Cash paid back to customers for refunds. */
  cashRefunds: Minor;
  payIns: Minor;
  payOuts: Minor;
  /** [VAL-34] Cash customers paid on their accounts (`account.payment`): not takings, but in the drawer. */
  accountPayments?: Minor;
}

/**
 * [SHIFT-4] Expected cash = opening float + cash tendered for sales − change given − cash refunds + cash of
 * account payments ([VAL-34]) + pay-ins − pay-outs.
 */
export function expectedCash(flow: CashFlow): Minor {
  for (const name of Object.keys(flow) as (keyof CashFlow)[]) {
    if (assertMinor(flow[name] ?? 0, name) < 0) throw new RangeError(`${name} cannot be negative.`);
  }
  return (
    flow.openingFloat +
    flow.cashTendered -
    flow.changeGiven -
    flow.cashRefunds +
    (flow.accountPayments ?? 0) +
    flow.payIns -
    flow.payOuts
  );
}

/** How many of one note or coin are in the drawer. */
export interface DenominationCount {
  value: Minor;
  pieces: number;
}

/**
 * [CASHUP-1] The cash counted, from pieces per denomination of the company's currency. A denomination the
 * currency does not have, or a count that is not a whole number of pieces, is a mistake to show, not to sum.
 */
export function countedCash(counts: readonly DenominationCount[], currency: string): Minor {
  const values = new Set(denominationsOf(currency).map((denomination) => denomination.value));
  return sum(
    counts.map(({ value, pieces }) => {
      if (!values.has(value))
        throw new RangeError(`${currency} has no note or coin worth ${value} minor units.`);
      if (!Number.isSafeInteger(pieces) || pieces < 0) {
        throw new RangeError(`A count of pieces must be a whole number, got ${pieces}.`);
      }
      return value * pieces;
    }),
  );
}

export interface CashDifference {
  /** counted − expected: positive is over, negative is short. */
  difference: Minor;
  status: 'over' | 'short' | 'even';
  /** Above the company's allowed difference: a manager must approve the close. */
  needsApproval: boolean;
}

/** [CASHUP-2] Over or short, and whether a manager must approve (|difference| > allowed). */
export function cashDifference(counted: Minor, expected: Minor, allowedDifference: Minor): CashDifference {
  assertMinor(counted, 'counted cash');
  assertMinor(expected, 'expected cash');
  const difference = counted - expected;
  return {
    difference,
    status: difference > 0 ? 'over' : difference < 0 ? 'short' : 'even',
    needsApproval: Math.abs(difference) > allowedDifference,
  };
}
