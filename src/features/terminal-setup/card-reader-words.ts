// What Settings → This till → Card reader says: a reader's model in words, and each refusal of the
// card-payments function as a manager at the till reads it ([CARD-20], [CARD-21]).
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CardPaymentError } from '../../data/remote/card-payments';

// Stripe's device_type values; the simulated ones are the local stack's and Stripe's test mode.
const MODELS: Readonly<Record<string, string | MessageDescriptor>> = {
  bbpos_wisepos_e: 'WisePOS E',
  simulated_wisepos_e: msg`WisePOS E (simulated)`,
  stripe_s700: 'Stripe Reader S700',
  simulated_stripe_s700: msg`Stripe Reader S700 (simulated)`,
  stripe_s710: 'Stripe Reader S710',
  simulated_stripe_s710: msg`Stripe Reader S710 (simulated)`,
  bbpos_wisepad3: 'WisePad 3',
  stripe_m2: 'Stripe Reader M2',
  verifone_P400: 'Verifone P400',
};

export function readerModel(deviceType: string): string {
  const model = MODELS[deviceType] ?? deviceType;
  return typeof model === 'string' ? model : i18n._(model);
}

// Said where the reader is managed: the client's general sentences are written for the register.
const SETTINGS_WORDS: Readonly<Record<string, MessageDescriptor>> = {
  resource_missing: msg`Stripe knows no reader with that registration code. Check the code the reader shows (on the reader: Settings → Generate pairing code) and type it again.`,
  reader_taken: msg`That reader is registered to another shop. Remove it there first.`,
  insufficient_role: msg`Only a manager or the owner can register card readers or assign them to a till.`,
  unreachable: msg`This device is offline. Card readers are registered and assigned online; connect and try again.`,
  unknown_terminal: msg`The server does not know this till. Let it sync, then try again.`,
};

export function readerErrorText(error: unknown): string {
  if (error instanceof CardPaymentError) {
    const words = SETTINGS_WORDS[error.code];
    return words ? i18n._(words) : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
