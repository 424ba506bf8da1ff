// Keeps the screens' and the documents' languages on who chooses them (issue 35, src/domain/SPEC.md
// [LANG-T1]…[LANG-T4]). Each follower listens to one source — the account, the counter, the shop's row — and
// switches the language only when that source's choice changes, so a token refresh or a re-render never
// undoes what another source (a cashier's unlock) just chose.
import { accountLanguageOf, screenLanguage } from './who-chooses';
import { activateLocale } from './activate';
import { firstLocale, rememberLocale } from './first-locale';
import type { Locale, ShippedLocale } from './locales';

export interface LanguageDevice {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  browserLanguages: readonly string[];
  activate?: (locale: Locale) => Promise<void>;
}

/** The language this device shows when nobody else chose: remembered, else the browser's, else English. */
export function deviceLanguage(device: LanguageDevice): Locale {
  return firstLocale(device.storage, device.browserLanguages);
}

/**
 * [LANG-T2] A person's own choice, from now on this device's: shown at once and remembered for the next cold
 * start (offline too). Settings → Language calls it, and the account follower when the account says so.
 */
export async function chooseOwnLanguage(device: LanguageDevice, locale: ShippedLocale): Promise<void> {
  rememberLocale(device.storage, locale);
  await (device.activate ?? activateLocale)(locale);
}

interface UserSource {
  getState: () => { user: { id: string; user_metadata?: Record<string, unknown> } | null };
  subscribe: (listener: () => void) => () => void;
}

/**
 * [LANG-T2] After a sign-in, the account's language (if it has one) becomes the screens' and this device's.
 * Only a change of the account's choice (or of who is signed in) acts.
 */
export function followAccountLanguage(auth: UserSource, device: LanguageDevice): () => void {
  let seen: string | null = null;
  const check = () => {
    const { user } = auth.getState();
    const chosen = accountLanguageOf(user);
    const key = user && chosen ? `${user.id}:${chosen}` : null;
    if (key === seen) return;
    seen = key;
    if (chosen) void chooseOwnLanguage(device, chosen);
  };
  check();
  return auth.subscribe(check);
}

interface CounterSource {
  get: () => { who: { id: string } | null };
  subscribe: (listener: () => void) => () => void;
}

/**
 * [LANG-T3] On a shared till: when someone unlocks, the screens switch to their language (read from the
 * mirrored staff rows, so offline too); when the till locks, back to the device's. Never remembered: a reload
 * comes back locked, in the device's language.
 */
export function followCashierLanguage(
  counter: CounterSource,
  languageOf: (staffId: string) => Promise<ShippedLocale | null>,
  device: LanguageDevice,
): () => void {
  const activate = device.activate ?? activateLocale;
  let at: string | null = counter.get().who?.id ?? null;
  let turn = 0;
  const check = () => {
    const next = counter.get().who?.id ?? null;
    if (next === at) return;
    at = next;
    const mine = ++turn;
    void (async () => {
      const cashier = next === null ? null : await languageOf(next);
      // A later lock or unlock decided meanwhile.
      if (mine !== turn) return;
      await activate(screenLanguage(deviceLanguage(device), cashier));
    })();
  };
  return counter.subscribe(check);
}
