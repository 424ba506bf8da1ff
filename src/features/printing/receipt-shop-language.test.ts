// Paper speaks the shop's language (issue 35): a receipt printed with shopI18n in French has French words
// and French numbers ("3,24 €"), whatever language the screens are in; in German (the longest words) every
// line still fits the printer's columns, a label too long beside its amount going on a line of its own.
import { afterEach, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../lib/i18n/catalogs';
import { shopI18n } from '../../lib/i18n/shop-i18n';
import { decodePrint } from './printer-decoder';
import { LOOK, SALE_DOC, Z_REPORT } from './print-fixtures';
import { encodeReceipt, encodeShiftReport } from './receipt-encoding';

const { locale: _pinned, ...SHOP_LOOK } = LOOK;
const STAR_58 = { model: 'star-mc-print2', width: 58 } as const;
const EPSON_80 = { model: 'epson-tm-t88vi', width: 80 } as const;

afterEach(() => {
  shopI18n.activate('en');
});

async function shopSpeaks(locale: 'fr' | 'de') {
  shopI18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
}

test('a receipt printed in the shop’s French: French words and number format, screens still English', async () => {
  await shopSpeaks('fr');
  const paper = decodePrint(encodeReceipt(SALE_DOC, SHOP_LOOK, EPSON_80, { openDrawer: false }), 'esc-pos');
  const text = paper.map((line) => line.trim());
  expect(text).toContain('Ticket T1-000042');
  expect(text).toContain('Caissier : Cara');
  expect(text).toContain('N° TVA : IE1234567X');
  const row = (label: string, value: string) => paper.find((line) => line.startsWith(label))?.endsWith(value);
  expect(row('  2 x 1,80 €', '3,24 €')).toBe(true);
  expect(row('  Remise', '-0,36 €')).toBe(true);
  expect(row('Sous-total', '8,50 €')).toBe(true);
  expect(row('Remise sur le panier', '-0,49 €')).toBe(true);
  expect(row('TOTAL', '7,65 €')).toBe(true);
  expect(row('Monnaie rendue', '2,35 €')).toBe(true);
  expect(row('Taux', 'HT / TVA (incl.) / TTC')).toBe(true);
  expect(row('10%', '2,95 € / 0,29 € / 3,24 €')).toBe(true);
  // The person at the till still reads English.
  expect(i18n.locale).toBe('en');
});

test('in German every receipt and Z report line fits 32 and 42 columns', async () => {
  await shopSpeaks('de');
  for (const [profile, language, columns] of [
    [STAR_58, 'star-prnt', 32],
    [EPSON_80, 'esc-pos', 42],
  ] as const) {
    const receipt = decodePrint(encodeReceipt(SALE_DOC, SHOP_LOOK, profile, { openDrawer: false }), language);
    const report = decodePrint(
      encodeShiftReport(
        { heading: 'Z-Bericht', details: [], report: Z_REPORT, shopName: 'Demo Shop' },
        SHOP_LOOK,
        profile,
      ),
      language,
    );
    const text = [...receipt, ...report];
    expect(text.some((line) => line.startsWith('Zwischensumme'))).toBe(true);
    expect(text.some((line) => line.startsWith('ERWARTET IN') || line.startsWith('Erwartet in'))).toBe(true);
    expect(text.filter((line) => line.length > columns)).toEqual([]);
  }
});

test('[VAL-34] [VAL-T33] a Z report printed in the shop’s German names the value tenders and the account payments, and fits', async () => {
  await shopSpeaks('de');
  const report: typeof Z_REPORT = {
    ...Z_REPORT,
    tenders: [
      ...Z_REPORT.tenders,
      { method: 'gift_card', sales: 2000, refunds: 0, net: 2000 },
      { method: 'store_credit', sales: 1000, refunds: 250, net: 750 },
      { method: 'on_account', sales: 1000, refunds: 0, net: 1000 },
      { method: 'loyalty', sales: 500, refunds: 0, net: 500 },
    ],
    accountPayments: {
      count: 2,
      total: 5500,
      byMethod: [
        { method: 'cash', amount: 4500 },
        { method: 'card', amount: 1000 },
      ],
    },
    cash: { ...Z_REPORT.cash, accountPayments: 4500 },
  };
  for (const [profile, language, columns] of [
    [STAR_58, 'star-prnt', 32],
    [EPSON_80, 'esc-pos', 42],
  ] as const) {
    const paper = decodePrint(
      encodeShiftReport(
        { heading: 'Z-Bericht', details: [], report, shopName: 'Demo Shop' },
        SHOP_LOOK,
        profile,
      ),
      language,
    );
    const text = paper.map((line) => line.trim());
    for (const word of ['Geschenkkarte', 'Guthaben', 'Auf Rechnung', 'Punkte', 'Kontozahlungen bar']) {
      expect(text.some((line) => line.startsWith(word))).toBe(true);
    }
    expect(text.some((line) => line.toUpperCase().startsWith('KONTOZAHLUNGEN (2)'))).toBe(true);
    expect(paper.filter((line) => line.length > columns)).toEqual([]);
  }
});
