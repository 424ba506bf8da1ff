// Settings → Shop → Language (issue 35, [LANG-1], [LANG-2]): the language the shop writes in — its receipts,
// mails, reports and customer display — whatever language each person reads their screens in. The owner
// chooses; tills follow after their next sync ([LANG-T1]).
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { isShippedLocale, LOCALE_NAMES, SHIPPED_LOCALES, type ShippedLocale } from '../../lib/i18n/locales';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import type { SaveState } from './use-save';

/** Each language in its own words, so whoever reads none of the others still finds theirs. */
export const LANGUAGE_OPTIONS = SHIPPED_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

export function ShopLanguageForm({
  language,
  canEdit,
  state,
  onSave,
}: {
  language: ShippedLocale;
  canEdit: boolean;
  state: SaveState;
  onSave: (language: ShippedLocale) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(language);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSave(draft);
  };
  return (
    <section className="settings-section" aria-labelledby="shop-language-title">
      <h2 id="shop-language-title" className="section-title">
        <Trans>Receipts’ language</Trans>
      </h2>
      <p className="settings-section__note">
        <Trans>
          The shop’s receipts, mails, reports and customer display are written in this language, whatever
          language each person’s screens show.
        </Trans>{' '}
        {canEdit ? null : <Trans>Only the shop’s owner can change this.</Trans>}
      </p>
      <Form
        className="settings-form"
        aria-label={t`Receipts’ language`}
        onSubmit={submit}
        validationBehavior="aria"
      >
        <fieldset disabled={!canEdit || state.busy} className="settings-form__fields">
          <SelectField
            label={t`Language`}
            name="shop-language"
            value={draft}
            onChange={(value) => {
              if (isShippedLocale(value)) setDraft(value);
            }}
            options={LANGUAGE_OPTIONS}
          />
        </fieldset>
        {state.error ? <Alert>{state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        {canEdit ? (
          <Button type="submit" isDisabled={state.busy}>
            {state.busy ? <Trans>Saving…</Trans> : <Trans>Save language</Trans>}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
