// A staff member's language on a shared till (issue 35, [LANG-3], [LANG-4]): when they unlock a shared till,
// its screens switch to it ([LANG-T3]). Set in Settings → Staff by whoever may manage them; "The till's
// language" leaves the till as it is.
import { useLingui } from '@lingui/react/macro';
import { LanguageSaveError } from '../../data/remote/languages';
import type { StaffMember } from '../../data/remote/staff';
import { isShippedLocale, type ShippedLocale } from '../../lib/i18n/locales';
import { SelectField } from '../../ui/select-field';
import { LANGUAGE_OPTIONS } from './shop-language-form';

export function StaffLanguage({
  member,
  onChange,
}: {
  member: Pick<StaffMember, 'name' | 'language'>;
  onChange: (language: ShippedLocale | null) => void;
}) {
  const { t } = useLingui();
  const name = member.name;
  return (
    <SelectField
      label={t`Language for ${name}`}
      name="staff-language"
      value={member.language ?? ''}
      onChange={(value) => {
        onChange(isShippedLocale(value) ? value : null);
      }}
      options={[{ value: '', label: t`The till’s language` }, ...LANGUAGE_OPTIONS]}
    />
  );
}

/** A refused or failed save of someone's language, in words. */
export function useStaffLanguageError(): (error: unknown) => Error {
  const { t } = useLingui();
  return (error) =>
    new Error(
      error instanceof LanguageSaveError && error.code === 'insufficient_role'
        ? t`You may not change this person’s language: managers manage cashiers, the owner everyone.`
        : t`The language could not be saved: check the connection and try again.`,
    );
}
