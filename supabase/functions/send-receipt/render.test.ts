// The mailed receipt's words (supabase/SPEC.md [MAIL-7], [MAIL-8]): the shop's time, and the lines as the
// paper prints them — options under their line, a weighed line with its unit.
import { describe, expect, test } from 'vitest';
import { renderReceiptMail, type MailLine, type MailReceipt } from './render.ts';

const RECEIPT: MailReceipt = {
  shop_name: 'Corner Bakery',
  address: null,
  receipt_no: 'T1-000042',
  // 08:14 UTC is 17:14 in Tokyo, where the shop is.
  occurred_at: '2026-11-21T08:14:00.000Z',
  time_zone: 'Asia/Tokyo',
  currency: 'EUR',
  total: 785,
  tax_total: 71,
  lines: [
    {
      name: 'Latte',
      quantity: 2,
      unit_price: 340,
      discount: 0,
      total: 680,
      unit: null,
      modifiers: [
        { name: 'Oat milk', price_delta: 50 },
        { name: 'No sugar', price_delta: 0 },
      ],
    },
    { name: 'Bananas', quantity: 1.181, unit_price: 199, discount: 0, total: 235, unit: 'kg', modifiers: [] },
  ],
  payments: [{ method: 'card', amount: 785 }],
};

describe('the mailed receipt', () => {
  test("[MAIL-7] says when in the shop's time zone, as the paper does, not in UTC", () => {
    const mail = renderReceiptMail(RECEIPT, 'https://till.example/r/x');
    expect(mail.text).toContain('Receipt T1-000042, 21 Nov 2026, 17:14');
    expect(mail.html).toContain('21 Nov 2026, 17:14');
    expect(mail.text).not.toContain('GMT');
    // A zone the runtime does not know still gives a time, marked as UTC.
    const unknown = renderReceiptMail({ ...RECEIPT, time_zone: 'Mars/Olympus' }, 'https://till.example/r/x');
    expect(unknown.text).toContain('21 Nov 2026, 08:14 UTC');
  });

  test('[MAIL-8] lists the lines as the paper does: options under their line, weights with their unit', () => {
    const mail = renderReceiptMail(RECEIPT, 'https://till.example/r/x');
    const lines = mail.text.split('\n');
    const latte = lines.indexOf('Latte');
    expect(lines.slice(latte, latte + 4)).toEqual([
      'Latte',
      '  Oat milk: +€0.50',
      '  No sugar',
      '  2 × €3.40: €6.80',
    ]);
    expect(lines).toContain('  1.181 kg × €1.99/kg: €2.35');
    expect(lines).toContain('Paid (Card): €7.85');
    expect(mail.html).toContain('<td>  Oat milk</td><td>+€0.50</td>');
    expect(mail.html).toContain('1.181 kg × €1.99/kg');
  });
});

describe("the mailed receipt in the shop's language", () => {
  test('[RPROMO-1] lists each promotion under the lines and what they saved under the payments', () => {
    const promotions = [
      { name: 'Coffee & croissant', amount: 100 },
      { name: 'WELCOME10', amount: 45 },
    ];
    const mail = renderReceiptMail({ ...RECEIPT, promotions }, 'https://till.example/r/x');
    expect(mail.text).toContain('Coffee & croissant: -€1.00');
    expect(mail.text).toContain('You saved: €1.45');
    expect(mail.html).toContain('<td>Coffee &#38; croissant</td><td>-€1.00</td>');
    const german = renderReceiptMail({ ...RECEIPT, language: 'de', promotions }, 'https://till.example/r/x');
    expect(german.text).toContain('Sie haben gespart: 1,45');
    expect(renderReceiptMail(RECEIPT, 'https://till.example/r/x').text).not.toContain('You saved');
  });

  test("[RLANG-2] a German shop's mail is German: words from the catalogue, euros and dates the German way", () => {
    const mail = renderReceiptMail({ ...RECEIPT, language: 'de' }, 'https://till.example/r/x');
    expect(mail.subject).toBe('Ihr Beleg T1-000042');
    const lines = mail.text.split('\n');
    expect(lines).toContain('Beleg T1-000042, 21. Nov. 2026, 17:14');
    expect(lines).toContain('  Oat milk: +0,50\u00a0€');
    expect(lines).toContain('  1,181 kg × 1,99\u00a0€/kg: 2,35\u00a0€');
    expect(lines).toContain('Summe: 7,85\u00a0€ (MwSt. 0,71\u00a0€)');
    expect(lines).toContain('Bezahlt (Karte): 7,85\u00a0€');
    expect(lines).toContain('Ihr Beleg online: https://till.example/r/x');
    expect(mail.html).toContain('<div lang="de">');
    expect(mail.html).toContain('<th>Summe</th>');
    expect(mail.html).toContain('>Ihr Beleg online</a>');
  });

  test('[RLANG-2] plurals follow the language; an unknown or absent language is English', () => {
    const many = {
      ...RECEIPT,
      lines: Array.from({ length: 101 }, () => ({ ...RECEIPT.lines[0], name: 'Tea' }) as MailLine),
    };
    expect(renderReceiptMail({ ...many, language: 'fr' }, 'x').text).toContain('… et 1 ligne de plus');
    expect(renderReceiptMail({ ...many, language: 'xx' }, 'x').text).toContain('… and 1 more line');
    const absent = renderReceiptMail({ ...RECEIPT, language: null }, 'x');
    expect(absent.subject).toBe('Your receipt T1-000042');
    expect(absent.text).toContain('Total: €7.85 (tax €0.71)');
  });
});

describe('customer value in the mail', () => {
  test('[VAL-R1] [VAL-R2] a gift card by its last four, points by name, the points earned', () => {
    const mail = renderReceiptMail(
      {
        ...RECEIPT,
        payments: [
          { method: 'gift_card', amount: 500, code_last4: '0001' },
          { method: 'loyalty', amount: 285 },
        ],
        loyalty: { earned: 7 },
      },
      'https://shop.example/r/abc',
    );
    expect(mail.text).toContain('Paid (Gift card ••••0001): €5.00');
    expect(mail.text).toContain('Paid (Points): €2.85');
    expect(mail.text).toContain('Points earned: 7');
    expect(mail.html).toContain('Gift card ••••0001');
  });
});
