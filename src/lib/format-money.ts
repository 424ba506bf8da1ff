// Money for display: integer minor units in, the locale's currency format out (2 decimals for EUR, 0 for JPY).

export function formatMoney(minor: number, currency: string, locale?: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
