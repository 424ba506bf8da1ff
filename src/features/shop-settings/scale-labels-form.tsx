// Settings → Shop → Scale labels (issue 21): how the shop's scale or label printer lays out the barcodes it
// prints (SCALE-3), one layout per prefix, set the way the scale itself is configured. Each layout shows a
// label it would print and what the register reads from it, so the owner can hold a real label beside it.
// The owner changes them (the companies update policy); tills follow after their next sync.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  makeEmbeddedBarcode,
  readEmbeddedBarcode,
  validateLayouts,
  valueDigits,
  type EmbeddedLayout,
} from '../../domain/embedded-barcode';
import { formatMoney } from '../../domain/money-text';
import { formatQuantity } from '../../domain/quantity';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import type { SaveState } from './use-save';

const PREFIXES = Array.from({ length: 10 }, (_, i) => String(20 + i));

const NEW_LAYOUT: Omit<EmbeddedLayout, 'prefix'> = {
  kind: 'price',
  itemDigits: 5,
  decimals: 2,
  valueCheckDigit: false,
};

/** A label this layout prints for item 42 and a plausible value, and what the register reads from it. */
export function exampleLabel(layout: EmbeddedLayout, currency: string): string | null {
  const checked = validateLayouts([layout], currency);
  if (!checked.ok) return null;
  const value = Math.min(layout.kind === 'price' ? 235 : 1255, 10 ** valueDigits(layout) - 1);
  const code = makeEmbeddedBarcode(layout, '42', value);
  const read = readEmbeddedBarcode(code, [layout], currency);
  if (!read.ok) return null;
  const item = read.value.itemCode;
  if (read.value.price !== null) {
    const price = formatMoney(read.value.price, currency);
    return translate`${code} → item ${item}, ${price}`;
  }
  const weight = formatQuantity(read.value.weight ?? 0);
  return translate`${code} → item ${item}, ${weight} kg`;
}

export function ScaleLabelsForm({
  layouts,
  currency,
  canEdit,
  state,
  onSave,
}: {
  layouts: readonly EmbeddedLayout[];
  currency: string;
  canEdit: boolean;
  state: SaveState;
  onSave: (layouts: EmbeddedLayout[]) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<EmbeddedLayout[]>(() => [...layouts]);
  const [problem, setProblem] = useState<string | null>(null);
  const change = (at: number, patch: Partial<EmbeddedLayout>) => {
    setDraft((list) => list.map((layout, i) => (i === at ? { ...layout, ...patch } : layout)));
  };
  const free = PREFIXES.filter((prefix) => !draft.some((layout) => layout.prefix === prefix));
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validateLayouts(draft, currency);
    setProblem(checked.ok ? null : checked.error.message);
    if (checked.ok) onSave(draft);
  };
  return (
    <section className="settings-section" aria-labelledby="scale-labels-title">
      <h2 id="scale-labels-title" className="section-title">
        <Trans>Scale labels</Trans>
      </h2>
      <p className="settings-section__note">
        <Trans>
          Barcodes your scale or label printer makes, starting 20 to 29, carry an item code and a price or a
          weight. Set each prefix as the scale is set up, and give products their scale item code in Products.
        </Trans>
        {canEdit ? null : (
          <>
            {' '}
            <Trans>Only the shop’s owner can change these.</Trans>
          </>
        )}
      </p>
      <Form
        className="settings-form"
        aria-label={t`Scale labels`}
        onSubmit={submit}
        validationBehavior="aria"
      >
        <fieldset disabled={!canEdit || state.busy} className="settings-form__fields">
          {draft.length === 0 ? (
            <p>
              <Trans>No scale labels are set up: 2x barcodes are looked up as products’ own.</Trans>
            </p>
          ) : null}
          {draft.map((layout, at) => {
            const prefix = layout.prefix;
            return (
              <fieldset key={prefix} className="settings-form__group">
                <legend>
                  <Trans>Labels starting {prefix}</Trans>
                </legend>
                <SelectField
                  label={t`Prefix`}
                  name={`prefix-${at}`}
                  value={layout.prefix}
                  onChange={(prefix) => {
                    change(at, { prefix });
                  }}
                  options={[layout.prefix, ...free]
                    .sort()
                    .map((prefix) => ({ value: prefix, label: prefix }))}
                />
                <SelectField
                  label={t`The label carries`}
                  name={`kind-${at}`}
                  value={layout.kind}
                  onChange={(kind) => {
                    change(at, {
                      kind: kind === 'weight' ? 'weight' : 'price',
                      decimals: kind === 'weight' ? 3 : NEW_LAYOUT.decimals,
                    });
                  }}
                  options={[
                    { value: 'price', label: t`The price` },
                    { value: 'weight', label: t`The weight` },
                  ]}
                />
                <SelectField
                  label={t`Item code digits`}
                  name={`item-digits-${at}`}
                  value={String(layout.itemDigits)}
                  onChange={(digits) => {
                    change(at, { itemDigits: Number(digits) });
                  }}
                  options={['4', '5', '6'].map((digits) => ({ value: digits, label: digits }))}
                />
                <SelectField
                  label={layout.kind === 'price' ? t`Decimals in the price` : t`Decimals in the weight (kg)`}
                  name={`decimals-${at}`}
                  value={String(layout.decimals)}
                  onChange={(decimals) => {
                    change(at, { decimals: Number(decimals) });
                  }}
                  options={['0', '1', '2', '3'].map((digits) => ({ value: digits, label: digits }))}
                />
                <label className="settings-form__check">
                  <input
                    type="checkbox"
                    checked={layout.valueCheckDigit}
                    onChange={(event) => {
                      change(at, { valueCheckDigit: event.target.checked });
                    }}
                  />{' '}
                  {layout.kind === 'price' ? (
                    <Trans>A check digit before the price</Trans>
                  ) : (
                    <Trans>A check digit before the weight</Trans>
                  )}
                </label>
                <p className="settings-section__note" aria-live="polite">
                  {exampleLabel(layout, currency) ??
                    t`No scale prints this layout: see the message when you save.`}
                </p>
                <Button
                  variant="ghost"
                  onPress={() => {
                    setDraft((list) => list.filter((_, i) => i !== at));
                  }}
                >
                  <Trans>Remove labels starting {prefix}</Trans>
                </Button>
              </fieldset>
            );
          })}
          {free[0] !== undefined ? (
            <Button
              variant="secondary"
              onPress={() => {
                setDraft((list) => [...list, { ...NEW_LAYOUT, prefix: free[0] ?? '21' }]);
              }}
            >
              <Trans>Add a label layout</Trans>
            </Button>
          ) : null}
        </fieldset>
        {(problem ?? state.error) ? <Alert>{problem ?? state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        {canEdit ? (
          <Button type="submit" isDisabled={state.busy}>
            {state.busy ? <Trans>Saving…</Trans> : <Trans>Save scale labels</Trans>}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
