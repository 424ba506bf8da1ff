// Money arithmetic: amounts are integer minor units (cents for EUR), held in JS numbers that must stay
// safe integers. This is the ONE module that rounds: every other module that divides money calls
// `mulDivRound` or `allocate`, so "half-up to the minor unit" is decided here and nowhere else.
// Products are computed in BigInt so price × quantity × rate can never lose precision on the way.

/** An integer amount of minor units (cents, yen, fils). Negative only where a rule says so. */
export type Minor = number;

export function isMinor(value: number): boolean {
  return Number.isSafeInteger(value);
}

/** Throws when an amount is not a safe integer: a float here would be a bug upstream, never data. */
export function assertMinor(value: number, what = 'amount'): Minor {
  if (!isMinor(value)) {
    throw new RangeError(`${what} must be a whole number of minor units, got ${value}.`);
  }
  return value;
}

function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) {
    throw new RangeError(`Amount ${value} is too large to handle exactly.`);
  }
  return result;
}

/**
 * [MONEY-3] a × b ÷ d rounded half-up to a whole minor unit. "Half-up" is half away from zero, so a
 * refund (negative) rounds as the mirror image of its sale and the two always cancel exactly.
 */
export function mulDivRound(a: number, b: number, d: number): Minor {
  assertMinor(a, 'a');
  assertMinor(b, 'b');
  assertMinor(d, 'divisor');
  if (d === 0) throw new RangeError('Cannot divide an amount by zero.');
  const product = a * b;
  // A product within 2^53 is exact in a double, and so are % and the division of what % leaves: the same
  // answer as the BigInt path, several times faster (promotions round every unit of a cart this way).
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) {
    const remainder = product % d;
    const quotient = (product - remainder) / d;
    if (Math.abs(remainder) * 2 < Math.abs(d)) return quotient + 0;
    return quotient + (product < 0 !== d < 0 ? -1 : 1);
  }
  const numerator = BigInt(a) * BigInt(b);
  const divisor = BigInt(d);
  const quotient = numerator / divisor; // BigInt division truncates toward zero
  const remainder = numerator % divisor;
  const absRemainder = remainder < 0n ? -remainder : remainder;
  const absDivisor = divisor < 0n ? -divisor : divisor;
  if (absRemainder * 2n < absDivisor) return toSafeNumber(quotient);
  const awayFromZero = numerator < 0n !== divisor < 0n ? -1n : 1n;
  return toSafeNumber(quotient + awayFromZero);
}

/** [MONEY-4] Rounds an amount half-up to a multiple of `increment` (cash rounding to 0.05, say). */
export function roundToIncrement(amount: Minor, increment: Minor): Minor {
  assertMinor(increment, 'increment');
  if (increment <= 0) throw new RangeError('A rounding increment must be positive.');
  return mulDivRound(amount, 1, increment) * increment;
}

export function sum(amounts: readonly Minor[]): Minor {
  let total = 0;
  for (const amount of amounts) total += amount;
  return assertMinor(total, 'total');
}

/**
 * [MONEY-5] Splits `total` over `weights` in proportion, by largest remainder: each share is the floor of
 * its exact part, and the units left over go to the largest remainders (earlier index wins a tie). The
 * shares always add up to `total` exactly, which is why discounts and refunds are spread with it.
 */
export function allocate(total: Minor, weights: readonly number[]): Minor[] {
  assertMinor(total, 'total');
  if (total < 0) return allocate(-total, weights).map((share) => -share || 0);
  weights.forEach((weight) => {
    assertMinor(weight, 'weight');
    if (weight < 0) throw new RangeError('Allocation weights cannot be negative.');
  });
  const weightTotal = sum(weights);
  if (weightTotal === 0) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError(`Cannot spread ${total} over nothing.`);
  }
  if (total * Math.max(...weights) <= Number.MAX_SAFE_INTEGER) {
    return allocateExactly(total, weights, weightTotal);
  }
  const weightSum = BigInt(weightTotal);
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((part) => part / weightSum);
  let left = BigInt(total) - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = exact
    .map((part, index) => ({ index, remainder: part % weightSum }))
    .sort((x, y) => (x.remainder === y.remainder ? x.index - y.index : x.remainder > y.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(toSafeNumber);
}

/**
 * `allocate` when every total × weight is within 2^53: doubles hold those products exactly, and `%` and the
 * division of what it leaves are exact too, so this is the BigInt path's answer without its cost.
 */
function allocateExactly(total: Minor, weights: readonly number[], weightSum: number): Minor[] {
  const shares: Minor[] = [];
  const remainders: number[] = [];
  let left = total;
  for (const weight of weights) {
    const part = total * weight;
    const remainder = part % weightSum;
    const share = (part - remainder) / weightSum;
    shares.push(share);
    remainders.push(remainder);
    left -= share;
  }
  if (left === 0) return shares;
  const byRemainder = weights
    .map((_, index) => index)
    .sort((x, y) => (remainders[y] ?? 0) - (remainders[x] ?? 0) || x - y);
  for (const index of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
