// The purchase order mail's words (supabase/SPEC.md [PUR-15], [MAIL-4]): the subject, one line per product
// with its unit and SKU, and nothing the shop typed that a mail program would turn into a link.
import { describe, expect, test } from 'vitest';
import { renderPurchaseOrderMail, type PurchaseOrderMail } from './render.ts';

const ORDER: PurchaseOrderMail = {
  number: 'PO-0002',
  shop_name: 'Demo Shop',
  store_name: 'Main Street',
  store_address: '1 Main Street, Springfield',
  supplier_name: 'Fresh Fields Produce',
  expected_on: '2026-12-02',
  note: null,
  lines: [
    { name: 'Organic carrots', sku: 'FRU-0112', quantity: 24, unit: 'each' },
    { name: 'Bananas', sku: null, quantity: 10, unit: 'kg' },
  ],
};

describe('[PUR-15] the purchase order mail', () => {
  test('[PUR-15] subject, delivery, expected day and one line per product', () => {
    const mail = renderPurchaseOrderMail(ORDER);
    expect(mail.subject).toBe('Purchase order PO-0002 from Demo Shop');
    expect(mail.text.split('\n')).toEqual([
      'Purchase order PO-0002',
      'From: Demo Shop',
      'To: Fresh Fields Produce',
      'Deliver to: Main Street, 1 Main Street, Springfield',
      'Expected on: 2 December 2026',
      '',
      '- 24 × Organic carrots (FRU-0112)',
      '- 10 kg × Bananas',
      '',
      'Please reply to this mail to confirm the order.',
    ]);
  });

  test('[MAIL-4] what the shop typed stays plain words on one line, never a link', () => {
    const mail = renderPurchaseOrderMail({
      ...ORDER,
      shop_name: 'Visit www.evil.example\nBcc: x@evil.example',
      note: 'https://evil.example/pay',
      lines: [{ name: 'Click evil.example', sku: 'A\u202eB', quantity: 1.5, unit: 'kg' }],
    });
    expect(mail.subject).toBe(
      'Purchase order PO-0002 from Visit www\u2024evil\u2024example Bcc: x at evil\u2024example',
    );
    expect(mail.text).not.toMatch(/:\/\/|[a-z]\.[a-z]|\u202e/i);
    expect(mail.text).toContain('- 1.5 kg × Click evil\u2024example (A B)');
    expect(mail.text).toContain('Note: https: //evil\u2024example/pay');
  });

  test('[PUR-15] [RLANG-2] a German shop mails in German: words, day and numbers', () => {
    const mail = renderPurchaseOrderMail({
      ...ORDER,
      language: 'de',
      note: 'Bitte vormittags liefern',
      lines: [...ORDER.lines, { name: 'Kartoffeln', sku: null, quantity: 1234.5, unit: 'kg' }],
    });
    expect(mail.subject).toBe('Bestellung PO-0002 von Demo Shop');
    expect(mail.text.split('\n')).toEqual([
      'Bestellung PO-0002',
      'Von: Demo Shop',
      'An: Fresh Fields Produce',
      'Lieferung an: Main Street, 1 Main Street, Springfield',
      'Erwartet am: 2. Dezember 2026',
      '',
      '- 24 × Organic carrots (FRU-0112)',
      '- 10 kg × Bananas',
      '- 1.234,5 kg × Kartoffeln',
      '',
      'Hinweis: Bitte vormittags liefern',
      '',
      'Bitte antworten Sie auf diese E-Mail, um die Bestellung zu bestätigen.',
    ]);
  });

  test.each([
    ['es', 'Pedido de compra PO-0002 de Demo Shop', 'Entrega prevista: 2 de diciembre de 2026'],
    ['fr', 'Bon de commande PO-0002 de Demo Shop', 'Livraison prévue le : 2 décembre 2026'],
    ['xx', 'Purchase order PO-0002 from Demo Shop', 'Expected on: 2 December 2026'],
    [null, 'Purchase order PO-0002 from Demo Shop', 'Expected on: 2 December 2026'],
  ])('[RLANG-2] language %s: the subject and the day in it (unknown: English)', (language, subject, day) => {
    const mail = renderPurchaseOrderMail({ ...ORDER, language });
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')).toContain(day);
  });
});
