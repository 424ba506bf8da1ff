import { afterEach, describe, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import { formatMoney as formatMoneyForDomain } from '../../src/domain/money-text';
import { formatQuantity } from '../../src/domain/quantity';
import { formatMoney } from '../../src/lib/format-money';
import { formatWhen } from '../../src/lib/format-when';
import { firstLocale, rememberLocale, SCREEN_LANGUAGE_KEY } from '../../src/lib/i18n/first-locale';
import { intlTag, matchBrowserLocale } from '../../src/lib/i18n/locales';

function storage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('which language the screens open in', () => {
  test('the browser’s first language we ship, region ignored; English when none is', () => {
    expect(matchBrowserLocale(['pt-BR', 'de-AT', 'fr'])).toBe('de');
    expect(matchBrowserLocale(['ES'])).toBe('es');
    expect(matchBrowserLocale(['pt-BR', 'ja'])).toBeNull();
    expect(firstLocale(storage(), ['ja'])).toBe('en');
  });

  test('a language chosen on this device wins over the browser’s, and survives a reload', () => {
    const device = storage();
    rememberLocale(device, 'fr');
    expect(device.getItem(SCREEN_LANGUAGE_KEY)).toBe('fr');
    expect(firstLocale(device, ['de-DE'])).toBe('fr');
    expect(firstLocale(storage({ [SCREEN_LANGUAGE_KEY]: 'pseudo' }), ['de'])).toBe('pseudo');
    // Something we do not ship (an old value, a typo) is ignored, not shown as an empty catalogue.
    expect(firstLocale(storage({ [SCREEN_LANGUAGE_KEY]: 'klingon' }), ['es'])).toBe('es');
  });
});

describe('numbers, money and dates follow the active language; the currency stays the shop’s', () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', locales: [intlTag('en')], messages: {} });
  });

  test('German writes euros and weights its own way', () => {
    i18n.loadAndActivate({ locale: 'de', locales: [intlTag('de')], messages: {} });
    expect(formatMoney(350, 'EUR')).toBe('3,50\u00a0€');
    expect(formatMoneyForDomain(123456, 'EUR')).toBe('1.234,56\u00a0€');
    expect(formatQuantity(1255)).toBe('1,255');
    expect(formatWhen('2026-11-21T07:14:00Z', 'Europe/Paris')).toBe('21. Nov. 2026, 08:14');
  });

  test('English keeps the British way Tillpoint has always written; a document may name its own locale', () => {
    expect(formatMoney(350, 'EUR')).toBe('€3.50');
    expect(formatWhen('2026-11-21T07:14:00Z', 'Europe/Paris')).toBe('21 Nov 2026, 08:14');
    expect(formatMoney(350, 'EUR', 'fr-FR')).toBe('3,50\u00a0€');
  });
});
