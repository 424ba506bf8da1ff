// Currencies as the till needs them: the ISO 4217 minor-unit exponent of each code.
// The exponent decides what "one minor unit" is (EUR 2 → cents, JPY 0 → yen, KWD 3 → fils), so every
// amount in the app is an integer count of minor units and never a float.

/** Currencies whose minor unit is not the usual 1/100 (ISO 4217 list, current codes). */
const exponentExceptions: Readonly<Record<string, number>> = {
  // No minor unit in use.
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  // Thousandths.
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  // Ten-thousandths (units of account, kept for completeness).
  CLF: 4,
  UYW: 4,
};

const currencyCodePattern = /^[A-Z]{3}$/;

export function isCurrencyCode(code: string): boolean {
  return currencyCodePattern.test(code);
}

/** [MONEY-2] The number of decimal digits of a currency's minor unit. */
export function currencyExponent(currency: string): number {
  if (!isCurrencyCode(currency)) {
    throw new RangeError(`"${currency}" is not an ISO 4217 currency code (three capital letters).`);
  }
  return exponentExceptions[currency] ?? 2;
}

/** How many minor units make one major unit: 100 for EUR, 1 for JPY, 1000 for KWD. */
export function minorPerMajor(currency: string): number {
  return 10 ** currencyExponent(currency);
}
