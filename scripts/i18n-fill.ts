// Fills translations from a JSON file into every catalogue that has the message (`npm run i18n:fill -- F`):
//   { "Update now": { "es": "Actualizar ahora", "fr": "Mettre à jour", "de": "Jetzt aktualisieren" }, … }
// Keys are the English source messages exactly as the catalogue has them (ICU plurals included). A message
// with a context (msgctxt: the same English meaning something else, as 'Change' in stock and at the till) is
// filled only from a key "<context>\u0004<message>" (gettext's separator), never from the plain message's
// translation. Existing translations are kept unless --overwrite is given. Prints what is still missing.
import { readFileSync } from 'node:fs';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { SHIPPED_LOCALES, SOURCE_LOCALE } from '../src/lib/i18n/locales';
import { writeMailMessages } from './mail-catalog';

const args = process.argv.slice(2);
const overwrite = args.includes('--overwrite');
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: npm run i18n:fill -- translations.json [--overwrite]');
  process.exit(2);
}
const given = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Partial<Record<string, string>>>;
const CONTEXT_SEPARATOR = '\u0004';
const used = new Set<string>();
let filled = 0;
let missing = 0;

for (const catalog of await getCatalogs(getConfig())) {
  const source = await catalog.read(SOURCE_LOCALE);
  for (const locale of SHIPPED_LOCALES) {
    if (locale === SOURCE_LOCALE) continue;
    const messages = await catalog.read(locale);
    for (const [id, entry] of Object.entries(source)) {
      const message = entry.message ?? id;
      const current = messages[id] ?? { ...entry, translation: '' };
      const key = entry.context ? `${entry.context}${CONTEXT_SEPARATOR}${message}` : message;
      const translation = given[key]?.[locale];
      if (translation && (overwrite || !current.translation)) {
        messages[id] = { ...current, translation };
        used.add(key);
        filled++;
      } else {
        messages[id] = current;
        if (!current.translation) {
          missing++;
          console.log(`missing [${locale}] ${message}`);
        }
      }
    }
    await catalog.write(locale, messages);
  }
}
for (const message of Object.keys(given))
  if (!used.has(message))
    console.log(
      `not used (no such message, or already translated): ${message.replace(CONTEXT_SEPARATOR, ' | ')}`,
    );
console.log(`${String(filled)} translation(s) filled, ${String(missing)} still missing.`);
// The mails' compiled words follow the catalogues (scripts/mail-catalog.ts).
await writeMailMessages();
