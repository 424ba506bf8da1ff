// Who chooses the language inside a shop (issue 35, src/domain/SPEC.md [LANG-T1], [LANG-T3]): the shop's row
// sets the documents' language, and on a shared till the person at the counter sets the screens'. Both read
// the mirror, so they hold offline.
import { useEffect } from 'react';
import { liveQuery } from 'dexie';
import { companySettings, companyStaff } from '../data/local/mirror-reads';
import type { MirrorDb } from '../data/local/mirror-db';
import { tillSession } from '../features/shared-till/till-session';
import { followCashierLanguage } from '../lib/i18n/follow-language';
import { activateShopLocale, SHOP_LANGUAGE_KEY } from '../lib/i18n/shop-i18n';
import { shopLanguageOf, staffLanguageOf } from '../lib/i18n/who-chooses';

export function useShopLanguages(shop: { mirror: MirrorDb; companyId: string } | null): void {
  const mirror = shop?.mirror;
  const companyId = shop?.companyId;
  useEffect(() => {
    if (!mirror || !companyId) return;
    const company = liveQuery(() => companySettings(mirror, companyId)).subscribe({
      next: (row) => {
        // No row yet (a first sync still running): the documents keep what main.tsx chose.
        if (!row) return;
        const language = shopLanguageOf(row);
        window.localStorage.setItem(SHOP_LANGUAGE_KEY, language);
        void activateShopLocale(language);
      },
      error: () => undefined,
    });
    const stopFollowing = followCashierLanguage(
      tillSession,
      async (staffId) =>
        staffLanguageOf((await companyStaff(mirror, companyId)).find((s) => s.id === staffId)),
      { storage: window.localStorage, browserLanguages: navigator.languages },
    );
    return () => {
      company.unsubscribe();
      stopFollowing();
    };
  }, [mirror, companyId]);
}
