// The company's details: name, currency, whether prices include tax, time zone, default tax rate and cash
// rounding. Owners edit them; everyone else reads them.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import type { CompanySettings } from '../../data/remote/shop-settings';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { SaveState } from './use-save';

export interface CompanyDraft {
  name: string;
  currency: string;
  timeZone: string;
  pricesIncludeTax: boolean;
  taxRate: string;
  cashRounding: string;
}

export function draftOf(company: CompanySettings): CompanyDraft {
  return {
    name: company.name,
    currency: company.currency,
    timeZone: company.timeZone,
    pricesIncludeTax: company.pricesIncludeTax,
    taxRate: String(company.defaultTaxRateBp / 100),
    cashRounding: String(company.cashRounding),
  };
}

/** The draft checked and turned into the server's fields, or the first problem in words. */
export function checkCompany(
  draft: CompanyDraft,
): { fields: Omit<CompanySettings, 'id'> } | { problem: string } {
  const name = draft.name.trim();
  if (name === '' || name.length > 200) return { problem: 'Enter the shop’s name (at most 200 characters).' };
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(draft.taxRate.trim()) || Number(draft.taxRate) > 100) {
    return { problem: 'The default tax rate is a percentage from 0 to 100, like 20 or 7.5.' };
  }
  const rounding = Number(draft.cashRounding.trim());
  if (!Number.isInteger(rounding) || rounding < 1 || rounding > 100_000) {
    return { problem: 'Cash rounding is a whole number of cents from 1 (no rounding) upwards, like 5.' };
  }
  if (draft.timeZone.trim() === '') return { problem: 'Enter the shop’s time zone, like Europe/Berlin.' };
  return {
    fields: {
      name,
      currency: draft.currency,
      timeZone: draft.timeZone.trim(),
      pricesIncludeTax: draft.pricesIncludeTax,
      defaultTaxRateBp: Math.round(Number(draft.taxRate) * 100),
      cashRounding: rounding,
    },
  };
}

export function CompanyForm({
  company,
  currencies,
  canEdit,
  state,
  onSave,
}: {
  company: CompanySettings;
  currencies: string[];
  canEdit: boolean;
  state: SaveState;
  onSave: (fields: Omit<CompanySettings, 'id'>) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(company));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<CompanyDraft>) => {
    setDraft((value) => ({ ...value, ...patch }));
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkCompany(draft);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    onSave(checked.fields);
  };
  return (
    <section className="settings-section" aria-labelledby="company-title">
      <h2 id="company-title" className="section-title">
        Shop
      </h2>
      {!canEdit ? <p className="settings-section__note">Only the shop’s owner can change these.</p> : null}
      <Form className="settings-form" onSubmit={submit} validationBehavior="aria">
        <fieldset disabled={!canEdit || state.busy} className="settings-form__fields">
          <TextField
            label="Shop name"
            name="name"
            value={draft.name}
            onChange={(name) => {
              set({ name });
            }}
          />
          <SelectField
            label="Currency"
            name="currency"
            value={draft.currency}
            onChange={(currency) => {
              set({ currency });
            }}
            options={(currencies.includes(draft.currency) ? currencies : [draft.currency, ...currencies]).map(
              (code) => ({ value: code, label: code }),
            )}
          />
          <SelectField
            label="Prices on your labels"
            name="prices"
            value={draft.pricesIncludeTax ? 'include' : 'exclude'}
            onChange={(value) => {
              set({ pricesIncludeTax: value === 'include' });
            }}
            options={[
              { value: 'include', label: 'Include tax' },
              { value: 'exclude', label: 'Exclude tax (added at the till)' },
            ]}
          />
          <TextField
            label="Time zone"
            name="time-zone"
            value={draft.timeZone}
            onChange={(timeZone) => {
              set({ timeZone });
            }}
            description="Reports count days in this zone, e.g. Europe/Berlin."
          />
          <TextField
            label="Default tax rate (%)"
            name="tax-rate"
            inputMode="numeric"
            value={draft.taxRate}
            onChange={(taxRate) => {
              set({ taxRate });
            }}
          />
          <TextField
            label="Cash rounding (minor units)"
            name="cash-rounding"
            inputMode="numeric"
            value={draft.cashRounding}
            onChange={(cashRounding) => {
              set({ cashRounding });
            }}
            description="1 means no rounding; 5 rounds cash totals to 5 cents."
          />
        </fieldset>
        {(problem ?? state.error) ? <Alert>{problem ?? state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        {canEdit ? (
          <Button type="submit" isDisabled={state.busy}>
            {state.busy ? 'Saving…' : 'Save shop details'}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
