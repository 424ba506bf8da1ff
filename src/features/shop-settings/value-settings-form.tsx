// Settings → Shop → Gift cards and loyalty (issue 37, [VAL-3], [VAL-4], [VAL-T40]): the gift-card amounts the
// till offers and their limits, how far a till may spend past what it knows while offline, and the loyalty
// scheme. The owner changes them (RLS, [VAL-30]); managers and cashiers read them; tills follow by their
// next pull. A field typed wrong is named beside it and nothing is sent.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ValueKind } from '../../domain/value/kinds';
import type { ValueSettings } from '../../domain/value/settings';
import { formatMoney } from '../../lib/format-money';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { Check } from './till-rules-form';
import {
  checkValueSettings,
  redeemRate,
  valueSettingsDraft,
  type ValueSettingsDraft,
  type ValueSettingsProblems,
} from './value-settings-draft';
import type { SaveState } from './use-save';

export function ValueSettingsForm({
  settings,
  currency,
  canEdit,
  state,
  onSave,
}: {
  settings: ValueSettings;
  currency: string;
  canEdit: boolean;
  state: SaveState;
  onSave: (settings: ValueSettings) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(() => valueSettingsDraft(settings, currency));
  const [problems, setProblems] = useState<ValueSettingsProblems>({});
  const set = (patch: Partial<ValueSettingsDraft>) => {
    setDraft((value) => ({ ...value, ...patch }));
  };
  const setAllowance = (kind: ValueKind, text: string) => {
    setDraft((value) => ({ ...value, allowances: { ...value.allowances, [kind]: text } }));
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkValueSettings(draft, currency);
    setProblems('problems' in checked ? checked.problems : {});
    if ('settings' in checked) onSave(checked.settings);
  };
  const invalid = Object.keys(problems).length > 0;
  const allowances: { kind: ValueKind; label: string }[] = [
    { kind: 'gift_card', label: t`Gift cards (${currency})` },
    { kind: 'store_credit', label: t`Store credit (${currency})` },
    { kind: 'on_account', label: t`Customer accounts (${currency})` },
    { kind: 'loyalty', label: t`Loyalty points` },
  ];
  const rate = redeemRate(draft, currency);
  const points = rate?.points ?? 0;
  const worth = rate ? formatMoney(rate.value, currency) : '';
  return (
    <section className="settings-section" aria-labelledby="value-settings-title">
      <h2 id="value-settings-title" className="section-title">
        <Trans>Gift cards and loyalty</Trans>
      </h2>
      <p className="settings-section__note">
        <Trans>
          What the till offers when it sells a gift card, how far it may go offline, and loyalty points.
        </Trans>{' '}
        <Trans>Tills pick up a change at their next sync.</Trans>
        {canEdit ? null : (
          <>
            {' '}
            <Trans>Only the shop’s owner can change these.</Trans>
          </>
        )}
      </p>
      <Form
        className="settings-form"
        aria-label={t`Gift cards and loyalty`}
        onSubmit={submit}
        validationBehavior="aria"
      >
        <fieldset disabled={!canEdit || state.busy} className="settings-form__fields">
          <h3 className="settings-section__subtitle">
            <Trans>Gift cards</Trans>
          </h3>
          <TextField
            label={t`Fixed amounts the till offers (${currency})`}
            name="gift-card-amounts"
            inputMode="decimal"
            description={t`Up to 12, separated by a comma and a space, like 10, 25, 50. Empty: none.`}
            value={draft.amounts}
            error={problems.amounts ?? null}
            onChange={(amounts) => {
              set({ amounts });
            }}
          />
          <Check
            label={t`Any amount the customer asks for, between the least and the most`}
            checked={draft.anyAmount}
            onChange={(anyAmount) => {
              set({ anyAmount });
            }}
          />
          <TextField
            label={t`Least amount (${currency})`}
            name="gift-card-min"
            inputMode="decimal"
            value={draft.min}
            error={problems.min ?? null}
            onChange={(min) => {
              set({ min });
            }}
          />
          <TextField
            label={t`Most amount (${currency})`}
            name="gift-card-max"
            inputMode="decimal"
            value={draft.max}
            error={problems.max ?? null}
            onChange={(max) => {
              set({ max });
            }}
          />
          <h3 className="settings-section__subtitle">
            <Trans>Offline</Trans>
          </h3>
          <p className="settings-section__note">
            <Trans>
              How far past the balance it last saw a till may spend while it is offline. 0 means a till
              offline never spends more than it last saw.
            </Trans>
          </p>
          {allowances.map(({ kind, label }) => (
            <TextField
              key={kind}
              label={label}
              name={`allowance-${kind.replace('_', '-')}`}
              inputMode={kind === 'loyalty' ? 'numeric' : 'decimal'}
              value={draft.allowances[kind]}
              error={problems[`allowance_${kind}`] ?? null}
              onChange={(text) => {
                setAllowance(kind, text);
              }}
            />
          ))}
          <h3 className="settings-section__subtitle">
            <Trans>Loyalty</Trans>
          </h3>
          <Check
            label={t`Customers collect loyalty points`}
            checked={draft.loyaltyEnabled}
            onChange={(loyaltyEnabled) => {
              set({ loyaltyEnabled });
            }}
          />
          <TextField
            label={t`Points per ${currency} spent`}
            name="loyalty-points-per-major"
            inputMode="numeric"
            description={t`Selling a gift card earns no points.`}
            value={draft.pointsPerMajor}
            error={problems.pointsPerMajor ?? null}
            onChange={(pointsPerMajor) => {
              set({ pointsPerMajor });
            }}
          />
          <TextField
            label={t`Points redeemed`}
            name="loyalty-redeem-points"
            inputMode="numeric"
            {...(rate
              ? {
                  description: plural(points, {
                    one: `# point is worth ${worth}.`,
                    other: `# points are worth ${worth}.`,
                  }),
                }
              : {})}
            value={draft.redeemPoints}
            error={problems.redeemPoints ?? null}
            onChange={(redeemPoints) => {
              set({ redeemPoints });
            }}
          />
          <TextField
            label={t`Are worth (${currency})`}
            name="loyalty-redeem-value"
            inputMode="decimal"
            value={draft.redeemValue}
            error={problems.redeemValue ?? null}
            onChange={(redeemValue) => {
              set({ redeemValue });
            }}
          />
          <SelectField
            label={t`Points are redeemed`}
            name="loyalty-redeem-as"
            value={draft.redeemAs}
            onChange={(value) => {
              set({ redeemAs: value === 'discount' ? 'discount' : 'tender' });
            }}
            options={[
              { value: 'tender', label: t`As a tender: a way to pay, like a gift card` },
              { value: 'discount', label: t`As a discount on the sale` },
            ]}
          />
        </fieldset>
        {invalid ? (
          <Alert>{t`Some fields need a change: see the words beside them. Nothing was saved.`}</Alert>
        ) : null}
        {state.error ? <Alert>{state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        {canEdit ? (
          <Button type="submit" isDisabled={state.busy}>
            {state.busy ? <Trans>Saving…</Trans> : <Trans>Save gift cards and loyalty</Trans>}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
