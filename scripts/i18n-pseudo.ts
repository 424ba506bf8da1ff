// Writes the pseudo-locale's catalogues from the English ones (src/i18n/pseudo-localize.ts): run after
// `lingui extract` by `npm run i18n:extract`; never edited by hand.
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { pseudoLocalize } from '../src/lib/i18n/pseudo-localize';
import { PSEUDO_LOCALE, SOURCE_LOCALE } from '../src/lib/i18n/locales';

const config = getConfig();
for (const catalog of await getCatalogs(config)) {
  const source = await catalog.read(SOURCE_LOCALE);
  const pseudo = Object.fromEntries(
    Object.entries(source).map(([id, entry]) => [
      id,
      { ...entry, translation: pseudoLocalize(entry.message ?? id) },
    ]),
  );
  await catalog.write(PSEUDO_LOCALE, pseudo);
}
