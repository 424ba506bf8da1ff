// Settings → Shop → Purchasing and stock (issue 38, [PUR-8]): whether cashiers may receive deliveries and
// transfers and count stock, blind counts, and the two thresholds above which the server flags a delivery.
// Read from the server (its own query, so the rest of the page never waits for it); owners change them, as
// the other shop settings; tills follow after their next sync.
import { useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { readFlagPct, type PurchasingSettings } from '../../domain/purchasing-settings';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useSave, type SaveState } from './use-save';

export interface PurchasingSettingsRemote {
  /** The query key sits under the page's ['shop-settings', company], so a save's refresh reads it again. */
  queryKey: readonly unknown[];
  read: () => Promise<PurchasingSettings>;
  /** Owners only: anyone else's update throws the owner-only sentence. */
  update: (settings: PurchasingSettings) => Promise<void>;
}

export function PurchasingSettingsSection({
  remote,
  canEdit,
  onSaved,
}: {
  remote: PurchasingSettingsRemote;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const settings = useQuery({ queryKey: remote.queryKey, queryFn: remote.read });
  const state = useSave(onSaved);
  if (!settings.data) {
    return (
      <section className="settings-section" aria-labelledby="purchasing-settings-title">
        <h2 id="purchasing-settings-title" className="section-title">
          <Trans>Purchasing and stock</Trans>
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
    <PurchasingSettingsForm
      key={JSON.stringify(settings.data)}
      settings={settings.data}
      canEdit={canEdit}
      state={state}
      onSave={(value) =>
        void state.save(
          () => remote.update(value),
          t`Purchasing and stock saved. Tills follow after their next sync.`,
        )
      }
    />
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="settings-form__check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />{' '}
      {label}
    </label>
  );
}

export function PurchasingSettingsForm({
  settings,
  canEdit,
  state,
  onSave,
}: {
  settings: PurchasingSettings;
  canEdit: boolean;
  state: SaveState;
  onSave: (settings: PurchasingSettings) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(settings);
  const [overText, setOverText] = useState(String(settings.overReceiptFlagPct));
  const [costText, setCostText] = useState(String(settings.receiptCostFlagPct));
  const [problems, setProblems] = useState<{ over: string | null; cost: string | null }>({
    over: null,
    cost: null,
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const over = readFlagPct(overText);
    const cost = readFlagPct(costText);
    const words = t`Enter a whole number from 0 to 1000.`;
    setProblems({ over: over === null ? words : null, cost: cost === null ? words : null });
    if (over === null || cost === null) return;
    onSave({ ...draft, overReceiptFlagPct: over, receiptCostFlagPct: cost });
  };
  const set = (change: Partial<PurchasingSettings>) => {
    setDraft((current) => ({ ...current, ...change }));
  };
  return (
    <section className="settings-section" aria-labelledby="purchasing-settings-title">
      <h2 id="purchasing-settings-title" className="section-title">
        <Trans>Purchasing and stock</Trans>
      </h2>
      <p className="settings-section__note">
        <Trans>
          Who may take in deliveries and count stock at a till, and when the server flags a delivery for a
          manager to look at. Nothing is ever refused: the goods did arrive.
        </Trans>
        {canEdit ? null : (
          <>
            {' '}
            <Trans>Only the shop’s owner can change this.</Trans>
          </>
        )}
      </p>
      <Form
        className="settings-form"
        aria-label={t`Purchasing and stock`}
        onSubmit={submit}
        validationBehavior="aria"
      >
        <fieldset disabled={!canEdit || state.busy} className="settings-form__fields">
          <Check
            label={t`Cashiers may receive deliveries and transfers`}
            checked={draft.cashiersReceive}
            onChange={(cashiersReceive) => {
              set({ cashiersReceive });
            }}
          />
          <Check
            label={t`Cashiers may count stock`}
            checked={draft.cashiersCount}
            onChange={(cashiersCount) => {
              set({ cashiersCount });
            }}
          />
          <Check
            label={t`Blind counts`}
            checked={draft.blindCounts}
            onChange={(blindCounts) => {
              set({ blindCounts });
            }}
          />
          <TextField
            label={t`Flag deliveries above the order by (%)`}
            name="over-receipt-flag-pct"
            inputMode="numeric"
            value={overText}
            error={problems.over}
            onChange={setOverText}
          />
          <TextField
            label={t`Flag unit costs that differ by more than (%)`}
            name="receipt-cost-flag-pct"
            inputMode="numeric"
            value={costText}
            error={problems.cost}
            onChange={setCostText}
          />
        </fieldset>
        {state.error ? <Alert>{state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        {canEdit ? (
          <Button type="submit" isDisabled={state.busy}>
            {state.busy ? <Trans>Saving…</Trans> : <Trans>Save purchasing and stock</Trans>}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
