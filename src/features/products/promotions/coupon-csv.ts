// A batch of coupon codes as CSV, to hand to a printer or a mailing tool: one code a row, with its promotion,
// its expiry (the shop's day) and its uses. The shared writer escapes anything a spreadsheet would run
// ([CSV-1]); the headers are in the language of the person exporting.
import { t } from '@lingui/core/macro';
import { toCsv } from '../../../lib/csv';

export interface CouponCsvRow {
  code: string;
  /** YYYY-MM-DD, or "" for none. */
  expiresOn: string;
  /** null: unlimited. */
  maxUses: number | null;
}

export function couponsCsv(promotion: string, rows: readonly CouponCsvRow[]): string {
  return toCsv(
    [t`Code`, t`Promotion`, t`Expires`, t`Uses allowed`],
    rows.map((row) => [row.code, promotion, row.expiresOn, row.maxUses ?? '']),
  );
}

/** "coupons-summer-sale-2026-11-29.csv": the promotion's name in plain letters, and the day. */
export function couponsFileName(promotion: string, day: string): string {
  const slug = promotion
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 40);
  return `coupons-${slug || 'promotion'}-${day}.csv`;
}
