// Settings → Language (issue 35, [LANG-T2]): each person's own language for their screens. It switches at
// once on this device (offline too, remembered for the next start), then is kept on their account so every
// device they sign in to follows.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { chooseOwnLanguage, type LanguageDevice } from '../../lib/i18n/follow-language';
import { isShippedLocale, SOURCE_LOCALE, type ShippedLocale } from '../../lib/i18n/locales';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/layout';
import { SelectField } from '../../ui/select-field';
import { LANGUAGE_OPTIONS } from './shop-language-form';
import './shop-settings.css';

type Saving = 'idle' | 'saving' | 'saved' | 'failed';

export function YourLanguage({
  device,
  save,
}: {
  device: LanguageDevice;
  /** Keeps the choice on the person's account; rejects when it could not (offline, refused). */
  save: (language: ShippedLocale) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const [saving, setSaving] = useState<Saving>('idle');
  const current = isShippedLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  const choose = async (language: ShippedLocale) => {
    setSaving('saving');
    await chooseOwnLanguage(device, language);
    try {
      await save(language);
      setSaving('saved');
    } catch {
      setSaving('failed');
    }
  };
  return (
    <Card title={t`Your language`}>
      <p className="settings-section__note">
        <Trans>
          The language of your screens, on every device you sign in to. The shop’s receipts keep the shop’s
          language.
        </Trans>
      </p>
      <div className="settings-form">
        <SelectField
          label={t`Language`}
          name="language"
          value={current}
          onChange={(value) => {
            if (isShippedLocale(value)) void choose(value);
          }}
          options={LANGUAGE_OPTIONS}
        />
        {saving === 'saved' ? (
          <Alert tone="success">
            <Trans>Saved to your account.</Trans>
          </Alert>
        ) : null}
        {saving === 'failed' ? (
          <Alert tone="warning">
            <Trans>
              This device shows it now, but your account could not be told: choose it again when you are
              online.
            </Trans>
          </Alert>
        ) : null}
      </div>
    </Card>
  );
}
