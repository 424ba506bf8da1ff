// Golden tests of what the till sends a receipt printer (issue 19): a sale, a refund and a Z report on an
// Epson (ESC/POS, 80 mm) and a Star (StarPRNT, 58 mm). The bytes are kept as hex beside this file, so any
// change to them shows in review; each is also read back through the virtual printer's decoder, and what the
// paper says is checked here line by line.
import { describe, expect, test } from 'vitest';
import { decodePrint } from './printer-decoder';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { LOOK, REFUND_DOC, SALE_DOC, testLogo, Z_REPORT } from './print-fixtures';
import { columnsFor, PRINTER_MODELS, printableDots, type PrinterLanguage } from './printer-models';
import { encodeDrawerKick, encodeReceipt, encodeShiftReport, encodeTestPage } from './receipt-encoding';
import type { PrinterProfile } from './print-writer';

function hex(bytes: Uint8Array): string {
  const rows: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    rows.push(
      Array.from(bytes.subarray(at, at + 16), (byte) => byte.toString(16).padStart(2, '0')).join(' '),
    );
  }
  return `${rows.join('\n')}\n`;
}

const PRINTERS: readonly { profile: PrinterProfile; language: PrinterLanguage; columns: number }[] = [
  { profile: { model: 'epson-tm-t88vi', width: 80 }, language: 'esc-pos', columns: 42 },
  { profile: { model: 'star-mc-print2', width: 58 }, language: 'star-prnt', columns: 32 },
];

const zPrint = {
  heading: 'Z report',
  details: [
    { label: 'Till', value: 'Front till (T1)' },
    { label: 'Cashier', value: 'Cara' },
  ],
  report: Z_REPORT,
  shopName: 'Demo Shop',
};

/** The row of a label and its amount as the paper shows it, right-aligned in the printer's columns. */
function row(label: string, value: string, columns: number): string {
  return label + value.padStart(columns - label.length);
}

describe.each(PRINTERS)('$profile.model, $profile.width mm', ({ profile, language, columns }) => {
  const name = `${profile.model}-${profile.width}`;

  test('[WORDS-1] a cash sale not yet synced: the drawer opens first, every figure prints, no sync mark, a barcode and a cut', async () => {
    const bytes = encodeReceipt(SALE_DOC, LOOK, profile, { openDrawer: true });
    await expect(hex(bytes)).toMatchFileSnapshot(`__golden__/sale.${name}.hex`);
    const paper = decodePrint(bytes, language);
    await expect(`${paper.join('\n')}\n`).toMatchFileSnapshot(`__golden__/sale.${name}.txt`);
    expect(paper[0]).toBe('[drawer kick]');
    const text = paper.map((line) => line.trim());
    expect(text).toContain('Demo Shop');
    expect(text).toContain('Receipt T1-000042');
    // The sale is still pending: that is the till's business, not the customer's ([WORDS-1]).
    expect(SALE_DOC.sync).toBe('pending');
    expect(paper.filter((line) => /unsynced|attention|\*\*\*/i.test(line))).toEqual([]);
    expect(text).toContain('Cashier: Cara');
    expect(paper).toContain(row('  2 x €1.80', '€3.24', columns));
    expect(paper).toContain(row('  Discount', '-€0.36', columns));
    expect(paper).toContain(row('Cart discount', '-€0.49', columns));
    expect(paper).toContain(row('TOTAL', '€7.65', columns));
    expect(paper).toContain(row('Cash', '€10.00', columns));
    expect(paper).toContain(row('Change', '€2.35', columns));
    expect(paper).toContain(row('10%', '€2.95 / €0.29 / €3.24', columns));
    expect(paper).toContain(row('20%', '€3.68 / €0.73 / €4.41', columns));
    expect(paper).toContain('[barcode CODE128 T1-000042]');
    expect(paper.at(-1)).toBe('[cut]');
    expect(paper.filter((line) => line.startsWith('[?'))).toEqual([]);
  });

  test('a line whose price the cashier changed says what it was changed from', () => {
    const [first, second] = SALE_DOC.lines;
    if (!first || !second) throw new Error('the sale fixture has two lines');
    const changed = { ...SALE_DOC, lines: [first, { ...second, listPrice: 550 }] };
    const paper = decodePrint(encodeReceipt(changed, LOOK, profile, { openDrawer: false }), language);
    expect(paper).toContain('  Price changed from €5.50');
    expect(paper.filter((line) => line.includes('Price changed'))).toHaveLength(1);
  });

  test('[RCPT-17] a sale with a receipt link prints its page as a QR code above the footer', () => {
    const link = 'https://till.example/r/8Die1AeG-IiT73JJP1TKSg';
    const paper = decodePrint(
      encodeReceipt({ ...SALE_DOC, link }, LOOK, profile, { openDrawer: false }),
      language,
    );
    const text = paper.map((line) => line.trim());
    expect(text).toContain('Your receipt online:');
    expect(paper).toContain(`[qr ${link}]`);
    const plain = decodePrint(encodeReceipt(SALE_DOC, LOOK, profile, { openDrawer: false }), language);
    expect(plain.map((line) => line.trim())).not.toContain('Your receipt online:');
  });

  test('[WORDS-6] a weighed line says its unit on both sides of the price', () => {
    const [first, second] = SALE_DOC.lines;
    if (!first || !second) throw new Error('the sale fixture has two lines');
    const bananas = { ...second, name: 'Bananas', quantity: 1181, unitPrice: 199, total: 235, unit: 'kg' };
    const paper = decodePrint(
      encodeReceipt({ ...SALE_DOC, lines: [first, bananas] }, LOOK, profile, { openDrawer: false }),
      language,
    );
    expect(paper).toContain(row('  1.181 kg x €1.99/kg', '€2.35', columns));
    // Pieces read as before.
    expect(paper).toContain(row('  2 x €1.80', '€3.24', columns));
  });

  test('[PROMO-13] each promotion prints under the subtotal, the line keeps only its own discount, and You saved', () => {
    const [first, second] = SALE_DOC.lines;
    if (!first || !second) throw new Error('the sale fixture has two lines');
    // The croissants' 0.36 off was the bundle's 0.30 and a manual 0.06.
    const doc = {
      ...SALE_DOC,
      lines: [{ ...first, promotionDiscount: 30 }, second],
      promotions: [{ name: 'Coffee & croissant', amount: 30 }],
    };
    const paper = decodePrint(encodeReceipt(doc, LOOK, profile, { openDrawer: false }), language);
    expect(paper).toContain(row('  Discount', '-€0.06', columns));
    expect(paper).toContain(row('Coffee & croissant', '-€0.30', columns));
    expect(paper.some((line) => line.startsWith('You saved') && line.endsWith('€0.30'))).toBe(true);
    const plain = decodePrint(encodeReceipt(SALE_DOC, LOOK, profile, { openDrawer: false }), language);
    expect(plain.some((line) => line.startsWith('You saved'))).toBe(false);
  });

  test('[VAL-35] [VAL-T32] value tenders print what they left, a sold card its code once, and the points', () => {
    const [first] = SALE_DOC.lines;
    if (!first) throw new Error('the sale fixture has a line');
    const doc = {
      ...SALE_DOC,
      lines: [{ ...first, name: 'Gift card', giftCard: { code: 'ABCD-EFGH-JKLM-NPQ2', last4: 'NPQ2' } }],
      payments: [
        { label: 'Gift card ••••0001', amount: 500, left: { amount: 2000, unit: 'money' as const } },
        { label: 'Points', amount: 100, left: { amount: 250, unit: 'points' as const } },
      ],
      loyalty: { earned: 9, balanceAfter: 259 },
    };
    const paper = decodePrint(encodeReceipt(doc, LOOK, profile, { openDrawer: false }), language);
    const text = paper.join('\n');
    expect(text).toContain('ABCD-EFGH-JKLM-NPQ2');
    expect(paper).toContain(row('Gift card ****0001', '€5.00', columns));
    expect(text).toContain('Gift card ****0001: €20.00 left');
    expect(text).toContain('Points: 250 points left');
    expect(paper).toContain(row('Points earned', '9', columns));
    expect(paper).toContain(row('Your points', '259', columns));
    expect(paper.filter((line) => line.length > columns)).toEqual([]);
    const plain = decodePrint(encodeReceipt(SALE_DOC, LOOK, profile, { openDrawer: false }), language);
    expect(plain.some((line) => line.includes('left') || line.startsWith('Points'))).toBe(false);
  });

  test('a reprint from the sales screen says COPY under its number, once', () => {
    const paper = decodePrint(
      encodeReceipt(SALE_DOC, LOOK, profile, { openDrawer: false, copy: true }),
      language,
    );
    const text = paper.map((line) => line.trim());
    expect(text.indexOf('COPY')).toBe(text.indexOf('Receipt T1-000042') + 1);
    expect(text.filter((line) => line === 'COPY')).toHaveLength(1);
    const original = decodePrint(encodeReceipt(SALE_DOC, LOOK, profile, { openDrawer: false }), language);
    expect(original.map((line) => line.trim())).not.toContain('COPY');
  });

  test('a refund: what was refunded, of which receipt, as a QR code; no drawer kick, no Unsynced once synced', async () => {
    const bytes = encodeReceipt(REFUND_DOC, { ...LOOK, code: 'qr' }, profile, { openDrawer: false });
    await expect(hex(bytes)).toMatchFileSnapshot(`__golden__/refund.${name}.hex`);
    const paper = decodePrint(bytes, language);
    await expect(`${paper.join('\n')}\n`).toMatchFileSnapshot(`__golden__/refund.${name}.txt`);
    const text = paper.map((line) => line.trim());
    expect(text).toContain('Refund T1-000043');
    expect(text).toContain('Refund of T1-000042');
    expect(paper).toContain(row('  1 x €1.80', '-€1.62', columns));
    expect(paper).toContain(row('REFUNDED', '€1.62', columns));
    expect(text).not.toContain('*** Unsynced ***');
    expect(paper).not.toContain('[drawer kick]');
    expect(paper).toContain('[qr T1-000043]');
    expect(paper.at(-1)).toBe('[cut]');
  });

  test('a Z report: the same sections as the shifts screen, and what has not synced', async () => {
    const bytes = encodeShiftReport(zPrint, LOOK, profile);
    await expect(hex(bytes)).toMatchFileSnapshot(`__golden__/z-report.${name}.hex`);
    const paper = decodePrint(bytes, language);
    await expect(`${paper.join('\n')}\n`).toMatchFileSnapshot(`__golden__/z-report.${name}.txt`);
    const text = paper.map((line) => line.trim());
    expect(text).toContain('Z report');
    for (const title of ['TAKINGS', 'TENDERS', 'TAX', 'CASH']) expect(text).toContain(title);
    expect(paper).toContain(row('Net', '€6.03', columns));
    expect(paper).toContain(row('Expected in drawer', '€101.03', columns));
    expect(paper).toContain(row('Counted', '€101.00', columns));
    expect(paper).toContain(row('Short', '€0.03', columns));
    expect(paper.join(' ')).toContain('Not synced yet: 1 of this');
    expect(paper.at(-1)).toBe('[cut]');
  });

  test('the test page prints the model, a ruler of the columns and the euro sign; No sale only kicks', () => {
    const page = decodePrint(encodeTestPage(profile, {}), language);
    expect(page).toContain('1234567890'.repeat(5).slice(0, columns));
    expect(page).toContain(row('Euro sign', '€ 1.00', columns));
    expect(decodePrint(encodeDrawerKick(profile), language)).toEqual(['[drawer kick]']);
  });
});

describe('the decoder reads hand-written bytes', () => {
  test('ESC/POS: text, the euro sign in cp858, a kick, a barcode, a QR code and a cut', () => {
    const bytes = new Uint8Array([
      ...[0x1b, 0x40, 0x1b, 0x74, 19],
      ...Array.from('Hi \xd5', (c) => c.charCodeAt(0)),
      0x0a,
      ...[0x1b, 0x70, 0x00, 0x32, 0xfa],
      ...[0x1d, 0x6b, 73, 4, 0x7b, 0x42, 0x41, 0x31],
      ...[0x1d, 0x28, 0x6b, 5, 0, 0x31, 0x50, 0x30, 0x51, 0x52],
      ...[0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30],
      ...[0x1d, 0x56, 0x41, 0x03],
    ]);
    expect(decodePrint(bytes, 'esc-pos')).toEqual([
      'Hi €',
      '[drawer kick]',
      '[barcode CODE128 A1]',
      '[qr QR]',
      '[cut]',
    ]);
  });

  test('StarPRNT: bold text, a kick, a cut; an unknown command is shown, never guessed', () => {
    const bytes = new Uint8Array([
      0x1b, 0x45, 0x4f, 0x4b, 0x1b, 0x46, 0x0a, 0x1b, 0x07, 20, 20, 0x07, 0x1b, 0x64, 0x02, 0x1b, 0x7e,
    ]);
    expect(decodePrint(bytes, 'star-prnt')).toEqual(['OK', '[drawer kick]', '[cut]', '[? ESC 7e]']);
  });
});

describe('the receipt logo', () => {
  test('on an Epson at 80 mm: a raster image at the top of the receipt and the refund, kept as golden bytes', async () => {
    const profile: PrinterProfile = { model: 'epson-tm-t88vi', width: 80 };
    const look = { ...LOOK, logo: testLogo(504, 96) };
    const bytes = encodeReceipt(SALE_DOC, look, profile, { openDrawer: false });
    await expect(hex(bytes)).toMatchFileSnapshot('__golden__/sale-logo.epson-tm-t88vi-80.hex');
    const paper = decodePrint(bytes, 'esc-pos');
    expect(paper.slice(0, 2).map((line) => line.trim())).toEqual(['[image 504x96]', 'Demo Shop']);
    // GS v 0, raster: what every model here takes (printer-models.ts, imageModeOf).
    expect(Array.from(bytes).join(',')).toContain([0x1d, 0x76, 0x30, 0, 504 / 8, 0, 96, 0].join(','));
    const refund = decodePrint(encodeReceipt(REFUND_DOC, look, profile, { openDrawer: true }), 'esc-pos');
    expect(refund.slice(0, 3).map((line) => line.trim())).toEqual([
      '[drawer kick]',
      '[image 504x96]',
      'Demo Shop',
    ]);
  });

  test('a logo chosen for 80 mm is scaled down to fit 58 mm paper on a Star', () => {
    const look = { ...LOOK, logo: testLogo(504, 96) };
    const bytes = encodeReceipt(
      SALE_DOC,
      look,
      { model: 'star-mc-print2', width: 58 },
      { openDrawer: false },
    );
    expect(decodePrint(bytes, 'star-prnt')[0]).toBe('[image 384x72]');
  });

  test.each(PRINTER_MODELS.flatMap((model) => [58, 80].map((width) => ({ model: model.id, width }))))(
    '$model at $width mm: the logo is scaled to the encoder’s own printable width',
    ({ model, width }) => {
      const paper = width === 58 ? 58 : 80;
      const encoder = new ReceiptPrinterEncoder({ printerModel: model, columns: columnsFor(paper) });
      expect(printableDots(paper)).toBe(encoder.printableWidth);
    },
  );
});
