// Settings → Shop → Shared till (issue 18): whether shifts are kept per drawer or per cashier, when a till
// locks, and which actions need a manager's PIN at the counter. The owner changes them (the companies update
// policy); managers read them; tills follow after their next sync.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TillRules } from '../../data/remote/shop-settings';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { checkTillRules, tillRulesDraft, type TillRulesDraft } from './till-rules';
import type { SaveState } from './use-save';

type Toggle =
  | 'lockAfterSale'
  | 'approveRefund'
  | 'approvePriceOverride'
  | 'approveLineRemoval'
  | 'approveNoSale'
  | 'sixDigitApprovalPins';

const APPROVALS: { field: Toggle; label: MessageDescriptor }[] = [
  { field: 'approveRefund', label: msg`A refund` },
  { field: 'approvePriceOverride', label: msg`Changing a price at the till` },
  { field: 'approveLineRemoval', label: msg`Removing a line after it was added` },
  { field: 'approveNoSale', label: msg`‘No sale’ (opening the drawer)` },
];

export function Check({
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

export function TillRulesForm({
  rules,
  currency,
  canEdit,
  state,
  onSave,
}: {
  rules: TillRules;
  currency: string;
  canEdit: boolean;
  state: SaveState;
  onSave: (rules: TillRules) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(() => tillRulesDraft(rules, currency));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<TillRulesDraft>) => {
    setDraft((value) => ({ ...value, ...patch }));
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkTillRules(draft, currency);
    setProblem('problem' in checked ? checked.problem : null);
    if ('rules' in checked) onSave(checked.rules);
  };
  return (
    <section className="settings-section" aria-labelledby="till-rules-title">
      <h2 id="till-rules-title" className="section-title">
        <Trans>Shared till</Trans>
      </h2>
      <p className="settings-section__note">
        <Trans>
          How a till shared by several people keeps shifts, when it locks, and what needs a manager’s PIN.
        </Trans>
        {canEdit ? null : (
          <>
            {' '}
            <Trans>Only the shop’s owner can change these.</Trans>
          </>
        )}
      </p>
      <Form className="settings-form" aria-label={t`Shared till`} onSubmit={submit} validationBehavior="aria">
        <fieldset disabled={!canEdit || state.busy} className="settings-form__fields">
          <SelectField
            label={t`Shifts`}
            name="shift-mode"
            value={draft.shiftMode}
            onChange={(value) => {
              set({ shiftMode: value === 'cashier' ? 'cashier' : 'drawer' });
            }}
            options={[
              { value: 'drawer', label: t`By drawer: one shift per till, whoever sells` },
              { value: 'cashier', label: t`By cashier: each cashier opens and closes their own` },
            ]}
          />
          <Check
            label={t`Lock the till after each sale`}
            checked={draft.lockAfterSale}
            onChange={(lockAfterSale) => {
              set({ lockAfterSale });
            }}
          />
          <TextField
            label={t`Lock after idle minutes`}
            name="lock-idle-minutes"
            inputMode="numeric"
            description={t`0 never locks; each till can set its own in Settings → This till.`}
            value={draft.lockIdleMinutes}
            onChange={(lockIdleMinutes) => {
              set({ lockIdleMinutes });
            }}
          />
          <h3 className="settings-section__subtitle">
            <Trans>Needs a manager’s PIN</Trans>
          </h3>
          {APPROVALS.map(({ field, label }) => (
            <Check
              key={field}
              label={t(label)}
              checked={draft[field]}
              onChange={(checked) => {
                set({ [field]: checked });
              }}
            />
          ))}
          <TextField
            label={t`A discount over (%)`}
            name="approve-discount-over"
            inputMode="numeric"
            description={t`Empty: discounts never need a manager.`}
            value={draft.approveDiscountOver}
            onChange={(approveDiscountOver) => {
              set({ approveDiscountOver });
            }}
          />
          <TextField
            label={t`Closing a shift with a difference over (${currency})`}
            name="approve-shift-difference-over"
            inputMode="numeric"
            description={t`Empty: a difference never needs a manager here.`}
            value={draft.approveShiftDifferenceOver}
            onChange={(approveShiftDifferenceOver) => {
              set({ approveShiftDifferenceOver });
            }}
          />
          <Check
            label={t`Managers and owners approve with a 6-digit PIN`}
            checked={draft.sixDigitApprovalPins}
            onChange={(sixDigitApprovalPins) => {
              set({ sixDigitApprovalPins });
            }}
          />
          <p className="settings-section__note">
            <Trans>Asked when a manager’s or owner’s PIN is next set: reset the PINs set before.</Trans>
          </p>
        </fieldset>
        {(problem ?? state.error) ? <Alert>{problem ?? state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        {canEdit ? (
          <Button type="submit" isDisabled={state.busy}>
            {state.busy ? <Trans>Saving…</Trans> : <Trans>Save shared till settings</Trans>}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
