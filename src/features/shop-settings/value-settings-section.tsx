// Settings → Shop → Gift cards and loyalty, read from the server: the shop's `value_settings` row (its own
// query, so the rest of the page never waits for it) and its form; a save refreshes the page and asks this
// device's mirror to follow.
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Supabase } from '../../data/remote/supabase-client';
import {
  valueSettingsQuery,
  valueSettingsWrites,
  type ValueSettingsWrites,
} from '../../data/remote/value-settings';
import { Alert } from '../../ui/alert';
import { useSave } from './use-save';
import { ValueSettingsForm } from './value-settings-form';

export function ValueSettingsSection({
  supabase,
  companyId,
  currency,
  canEdit,
  onSaved,
  writes: givenWrites,
}: {
  supabase: Supabase;
  companyId: string;
  currency: string;
  canEdit: boolean;
  onSaved: () => void;
  writes?: ValueSettingsWrites | undefined;
}) {
  const { t } = useLingui();
  const settings = useQuery(valueSettingsQuery(supabase, companyId));
  const state = useSave(onSaved);
  const writes = givenWrites ?? valueSettingsWrites(supabase, companyId);
  if (!settings.data) {
    return (
      <section className="settings-section" aria-labelledby="value-settings-title">
        <h2 id="value-settings-title" className="section-title">
          <Trans>Gift cards and loyalty</Trans>
        </h2>
        {settings.isError ? (
          <Alert>{settings.error.message}</Alert>
        ) : (
          <p aria-busy="true">
            <Trans>Loading…</Trans>
          </p>
        )}
      </section>
    );
  }
  return (
    <ValueSettingsForm
      key={`${JSON.stringify(settings.data)}|${currency}`}
      settings={settings.data}
      currency={currency}
      canEdit={canEdit}
      state={state}
      onSave={(value) =>
        void state.save(
          () => writes.updateValueSettings(value),
          t`Gift cards and loyalty saved. Tills follow after their next sync.`,
        )
      }
    />
  );
}
