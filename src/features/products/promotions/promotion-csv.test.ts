// The CSV files of Products → Promotions: a batch of codes and the report, through the shared writer
// ([CSV-1]): headers in the person's language, money as plain decimals, names that look like formulas escaped.
import { describe, expect, test } from 'vitest';
import { couponsCsv, couponsFileName } from './coupon-csv';
import { reportCsv } from './promotion-report';

describe('promotion CSV files', () => {
  test('a batch: one code a row, with its promotion, expiry and uses', () => {
    expect(
      couponsCsv('=Summer', [
        { code: 'XMAS-2222-3333-4444', expiresOn: '2026-12-31', maxUses: 1 },
        { code: 'WELCOME10', expiresOn: '', maxUses: null },
      ]),
    ).toBe(
      [
        'Code,Promotion,Expires,Uses allowed',
        'XMAS-2222-3333-4444,"\'=Summer",2026-12-31,1',
        'WELCOME10,"\'=Summer",,',
      ].join('\n'),
    );
    expect(couponsFileName('Été: 3 for €5!', '2026-11-29')).toBe('coupons-ete-3-for-5-2026-11-29.csv');
  });

  test('the report: uses, the discounts and the sales touched in major units', () => {
    expect(
      reportCsv(
        [
          {
            promotionId: 'p1',
            name: 'Happy hour',
            uses: 3,
            discount: 450,
            serverDiscount: 400,
            salesTotal: 12_345,
            removed: 1,
          },
        ],
        'EUR',
      ),
    ).toBe(
      [
        'Promotion,Uses,Discount given,Discount (server),Sales touched,Taken off',
        'Happy hour,3,4.50,4.00,123.45,1',
      ].join('\n'),
    );
  });
});
