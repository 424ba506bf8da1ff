// The catalogue check CI runs (`npm run i18n:check`, issue 35). Fails, naming each message, when:
//  - a message in the code is not in its part's catalogue, or the catalogue keeps one the code no longer has
//    (run `npm run i18n:extract`);
//  - a shipped language lacks a translation of any message (a missing key fails, never falls back silently);
//  - a translation breaks the message's placeholders (it would show "{count}" to a customer);
//  - the pseudo-locale, or the mails' compiled words (scripts/mail-catalog.ts), are stale
//    (i18n:extract regenerates them);
//  - one message (same English, same context) is translated differently in two parts: a language's parts are
//    merged into one table at runtime, so one of the two would silently win. Same meaning: use one
//    translation; different meanings: give the message a context (t({ message, context })).
import { readFileSync } from 'node:fs';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { pseudoLocalize } from '../src/lib/i18n/pseudo-localize';
import { PSEUDO_LOCALE, SHIPPED_LOCALES, SOURCE_LOCALE } from '../src/lib/i18n/locales';
import { MAIL_MODULES, mailMessagesSource } from './mail-catalog';

const problems: string[] = [];
const config = getConfig();
/** Per language, each message id's translation and the part it was first seen in. */
const translationsById = new Map<string, { translation: string; part: string }>();

/** The arguments a message interpolates: a translation must use the same ones. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1] ?? '').sort();
}

for (const catalog of await getCatalogs(config)) {
  const name = catalog.path.replace(`${config.rootDir}/`, '').replace('{locale}/', '');
  const extracted = (await catalog.collect()) ?? {};
  const source = await catalog.read(SOURCE_LOCALE);
  for (const id of Object.keys(extracted))
    if (!(id in source)) problems.push(`${name}: not extracted: "${extracted[id]?.message ?? id}"`);
  for (const [id, entry] of Object.entries(source))
    if (!(id in extracted)) problems.push(`${name}: no longer in the code: "${entry.message ?? id}"`);

  for (const locale of SHIPPED_LOCALES) {
    if (locale === SOURCE_LOCALE) continue;
    const translated = await catalog.read(locale);
    for (const [id, entry] of Object.entries(source)) {
      const message = entry.message ?? id;
      const translation = translated[id]?.translation ?? '';
      const first = translationsById.get(`${locale}|${id}`);
      if (first === undefined) translationsById.set(`${locale}|${id}`, { translation, part: name });
      else if (first.translation !== translation)
        problems.push(
          `${name} [${locale}]: "${message}" is "${translation}" here but "${first.translation}" in ${first.part}`,
        );
      if (translation.trim() === '') problems.push(`${name} [${locale}]: missing: "${message}"`);
      else if (argumentsOf(translation).join() !== argumentsOf(message).join())
        problems.push(`${name} [${locale}]: placeholders differ: "${message}" → "${translation}"`);
    }
  }

  const pseudo = await catalog.read(PSEUDO_LOCALE);
  for (const [id, entry] of Object.entries(source))
    if (pseudo[id]?.translation !== pseudoLocalize(entry.message ?? id))
      problems.push(`${name} [${PSEUDO_LOCALE}]: stale: "${entry.message ?? id}"`);
}

for (const mail of MAIL_MODULES) {
  try {
    if (readFileSync(mail.file, 'utf8') !== (await mailMessagesSource(mail)))
      problems.push(`${mail.file}: stale (run npm run i18n:extract)`);
  } catch (error) {
    problems.push(`${mail.file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${String(problems.length)} catalogue problem(s). Run npm run i18n:extract, then translate.`,
  );
  process.exit(1);
}
console.log('Catalogues complete: every message extracted and translated in', SHIPPED_LOCALES.join(', '));
