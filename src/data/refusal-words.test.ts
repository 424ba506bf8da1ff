// [issue 35] Server refusals and sync errors arrive as stable codes and are said in the person's language:
// the same code reads in German and in Spanish, never as the server's English sentence.
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, test } from 'vitest';
import { loadMessages } from '../lib/i18n/catalogs';
import type { Locale } from '../lib/i18n/locales';
import { plainStaffError } from './remote/staff';
import { describeFailure } from './sync/remote-port';
import { opErrorWords } from './sync/op-error-words';

async function speak(locale: Locale): Promise<void> {
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
}

// save_staff's refusal as the server sends it: an English sentence, and the code the app reads.
const refusal = { code: 'P0001', hint: 'insufficient_role', message: 'managers manage cashiers only' };
const offline = { kind: 'network', message: 'TypeError: Failed to fetch' } as const;

describe('server codes in the person’s language', () => {
  afterEach(() => {
    // tests/setup/i18n.ts: every other test speaks the source English.
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  test('in English, the source sentences', () => {
    expect(plainStaffError(refusal)).toBe(
      'You may not change this person: managers manage cashiers, the owner everyone.',
    );
    expect(describeFailure(offline)).toMatch(/^The server could not be reached/);
  });

  test('in German', async () => {
    await speak('de');
    expect(plainStaffError(refusal)).toBe(
      'Sie dürfen diese Person nicht ändern: Filialleiter verwalten Kassierer, der Inhaber alle.',
    );
    expect(describeFailure(offline)).toBe(
      'Der Server ist nicht erreichbar: Dieses Gerät ist offline oder der Server ist ausgefallen. Nichts geht verloren; die Kasse versucht es erneut.',
    );
    expect(opErrorWords({ code: 'tax_mismatch', message: 'tax differs' })).toBe(
      'Die Steuer stimmt auf dem Server nicht. (tax_mismatch)',
    );
  });

  test('in Spanish', async () => {
    await speak('es');
    expect(plainStaffError(refusal)).toBe(
      'No puedes cambiar a esta persona: los encargados gestionan a los cajeros; el propietario, a todos.',
    );
    expect(describeFailure(offline)).toBe(
      'No se pudo conectar con el servidor: este dispositivo está sin conexión o el servidor no funciona. No se pierde nada; la caja lo vuelve a intentar.',
    );
    // A code the app has no sentence for: its code, never the server's English message.
    expect(plainStaffError({ code: 'P0001', hint: 'brand_new_code', message: 'Some English' })).toBe(
      'El servidor lo rechazó (código brand_new_code).',
    );
  });
});
