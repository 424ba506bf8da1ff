// Settings → Shop → Cost (issue 21, [COST-1]): how a product's cost follows the unit cost entered when stock
// is received — the last cost paid, or a moving average with the stock on hand. The owner chooses; the
// server applies it when each receive arrives, and tills follow after their next sync.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isCostMethod, type CostMethod } from '../../domain/cost';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import type { SaveState } from './use-save';

const OPTIONS: { value: CostMethod; label: MessageDescriptor }[] = [
  { value: 'last', label: msg`Last cost: the unit cost of the latest delivery` },
  { value: 'average', label: msg`Moving average: averaged with the stock on hand` },
];

export function CostMethodForm({
  method,
  canEdit,
  state,
  onSave,
}: {
  method: CostMethod;
  canEdit: boolean;
  state: SaveState;
  onSave: (method: CostMethod) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(method);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSave(draft);
  };
  return (
    <section className="settings-section" aria-labelledby="cost-method-title">
      <h2 id="cost-method-title" className="section-title">
        <Trans>Cost</Trans>
      </h2>
      <p className="settings-section__note">
        <Trans>
          When stock is received with a unit cost, the product’s cost follows it this way. Sales record the
          cost at the time of sale, so the margin in reports stays as it was.
        </Trans>
        {canEdit ? null : (
          <>
            {' '}
            <Trans>Only the shop’s owner can change this.</Trans>
          </>
        )}
      </p>
      <Form className="settings-form" aria-label={t`Cost`} onSubmit={submit} validationBehavior="aria">
        <fieldset disabled={!canEdit || state.busy} className="settings-form__fields">
          <SelectField
            label={t`Product cost`}
            name="cost-method"
            value={draft}
            onChange={(value) => {
              if (isCostMethod(value)) setDraft(value);
            }}
            options={OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
          />
        </fieldset>
        {state.error ? <Alert>{state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        {canEdit ? (
          <Button type="submit" isDisabled={state.busy}>
            {state.busy ? <Trans>Saving…</Trans> : <Trans>Save cost method</Trans>}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
