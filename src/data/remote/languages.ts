// Who chooses the language, on the server (issue 35, supabase/SPEC.md [LANG-2]…[LANG-5]): a person's own on
// their account, a staff member's for the shared till's lock screen. Refusals keep their stable codes
// (`LanguageSaveError.code`); the screens put them in words.
import type { ShippedLocale } from '../../lib/i18n/locales';
import type { Supabase } from './supabase-client';

export class LanguageSaveError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'LanguageSaveError';
  }
}

export function languageWrites(supabase: Supabase) {
  const setStaffLanguage = async (companyId: string, staffId: string, language: ShippedLocale | null) => {
    const { error } = await supabase.rpc('set_staff_language', {
      p_company_id: companyId,
      p_staff_id: staffId,
      // null clears it (the till's own language); the generated types know only text.
      p_language: language as string,
    });
    if (error) throw new LanguageSaveError(error.hint || error.code || 'failed', error.message);
  };
  return {
    /**
     * [LANG-5] The person's own language, on their account; and [LANG-4] on their staff row in the shop they
     * are in, so a shared till's lock screen follows them too.
     */
    async saveOwnLanguage(language: ShippedLocale, own: { companyId: string; staffId: string } | null) {
      const { error } = await supabase.auth.updateUser({ data: { language } });
      if (error) throw new LanguageSaveError(error.code ?? 'failed', error.message);
      if (own) await setStaffLanguage(own.companyId, own.staffId, language);
    },
    setStaffLanguage,
  };
}

export type LanguageWrites = ReturnType<typeof languageWrites>;
