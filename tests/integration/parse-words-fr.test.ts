// The domain's sentences for a person (issue 35): a parse error, a refused name or a modifier rule reads in
// the language the screens are in — here French — while the same call in English reads as the code says.
import { afterEach, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../src/lib/i18n/catalogs';
import { parseAmount } from '../../src/domain/money-text';
import { groupRuleText } from '../../src/domain/modifier-pricing';
import { nameProblem } from '../../src/domain/name-text';
import { parseQuantity } from '../../src/domain/quantity';

afterEach(() => {
  i18n.activate('en');
});

function messageOf(result: { ok: boolean; error?: { message: string } }): string | undefined {
  return result.ok ? undefined : result.error?.message;
}

test('parse errors, a refused name and a modifier rule in French', async () => {
  expect(messageOf(parseAmount('', 'EUR'))).toBe('Enter an amount.');
  i18n.loadAndActivate({ locale: 'fr', messages: await loadMessages('fr') });
  expect(messageOf(parseAmount('', 'EUR'))).toBe('Saisissez un montant.');
  expect(messageOf(parseAmount('abc', 'EUR'))).toBe('« abc » n’est pas un montant.');
  expect(messageOf(parseAmount('1.234', 'EUR'))).toBe('Les montants en EUR ont au plus 2 décimales.');
  expect(messageOf(parseAmount('1.5', 'JPY'))).toBe('Les montants en JPY n’ont pas de décimales.');
  expect(messageOf(parseQuantity('1.5', { weighed: false }))).toBe(
    'Ce produit se vend à la pièce : saisissez un nombre entier.',
  );
  expect(messageOf(parseQuantity('0', { weighed: true }))).toBe('La quantité doit être supérieure à zéro.');
  expect(nameProblem('\u200b', 'customer')).toBe(
    'Le nom d’un client ne peut pas être vide : saisissez des lettres ou des chiffres.',
  );
  expect(groupRuleText({ minChoices: 0, maxChoices: 2 })).toBe('Choisissez jusqu’à 2');
});
