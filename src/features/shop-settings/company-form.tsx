// The company's details: name, currency, whether prices include tax, time zone, default tax rate, cash
// rounding, and what receipts print (header, address, tax number, footer). Owners edit them; everyone else
// reads them.
import { useState, type SyntheticEvent } from 'react';
import { Form } from 'react-aria-components';
import { i18n } from '@lingui/core';
import { msg, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanySettings } from '../../data/remote/shop-settings';
import { formatMoney } from '../../domain/money-text';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { TimeZoneField, timeZoneNames } from './time-zone-field';
import type { SaveState } from './use-save';

/** The cash roundings a shop chooses from, in minor units (what is stored); 1 means none. */
const CASH_ROUNDINGS = [1, 5, 10, 50, 100];

/** "No rounding", then each step as money in the shop's currency ("€0.05"); a stored odd step stays listed. */
export function cashRoundingOptions(currency: string, stored: number): { value: string; label: string }[] {
  const steps = CASH_ROUNDINGS.includes(stored)
    ? CASH_ROUNDINGS
    : [...CASH_ROUNDINGS, stored].sort((a, b) => a - b);
  return steps.map((step) => ({
    value: String(step),
    label: step === 1 ? translate`No rounding` : formatMoney(step, currency),
  }));
}

/**
 * The receipt fields, in the order they print, and what each allows as the server checks it ([SCHEMA-12]).
 * `tooLong` is the whole sentence for a text over `max`, so each language words it its own way.
 */
const RECEIPT_FIELDS = [
  {
    field: 'receiptHeader',
    label: msg`Receipt header`,
    name: 'receipt-header',
    tooLong: msg`The receipt header is at most 500 characters.`,
    max: 500,
    multiline: true,
    description: msg`Printed at the top, e.g. a welcome or opening hours.`,
  },
  {
    field: 'address',
    label: msg`Shop address`,
    name: 'address',
    tooLong: msg`The shop’s address is at most 300 characters.`,
    max: 300,
    multiline: true,
  },
  {
    field: 'taxNumber',
    label: msg`Tax number`,
    name: 'tax-number',
    tooLong: msg`The tax number is at most 50 characters.`,
    max: 50,
    multiline: false,
    description: msg`Your VAT or sales-tax registration number, printed under the address.`,
  },
  {
    field: 'receiptFooter',
    label: msg`Receipt footer`,
    name: 'receipt-footer',
    tooLong: msg`The receipt footer is at most 500 characters.`,
    max: 500,
    multiline: true,
    description: msg`Printed at the end, e.g. your returns policy.`,
  },
] as const;

/** An optional text as the server keeps it: trimmed, and null rather than blank. */
const optionalText = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export interface CompanyDraft {
  name: string;
  currency: string;
  timeZone: string;
  pricesIncludeTax: boolean;
  taxRate: string;
  cashRounding: string;
  receiptHeader: string;
  receiptFooter: string;
  address: string;
  taxNumber: string;
}

export function draftOf(company: CompanySettings): CompanyDraft {
  return {
    name: company.name,
    currency: company.currency,
    timeZone: company.timeZone,
    pricesIncludeTax: company.pricesIncludeTax,
    taxRate: String(company.defaultTaxRateBp / 100),
    cashRounding: String(company.cashRounding),
    receiptHeader: company.receiptHeader ?? '',
    receiptFooter: company.receiptFooter ?? '',
    address: company.address ?? '',
    taxNumber: company.taxNumber ?? '',
  };
}

/** The draft checked and turned into the server's fields, or the first problem in words. */
export function checkCompany(
  draft: CompanyDraft,
  zones: readonly string[] = timeZoneNames(),
): { fields: Omit<CompanySettings, 'id'> } | { problem: string } {
  const name = draft.name.trim();
  if (name === '' || name.length > 200) {
    return { problem: translate`Enter the shop’s name (at most 200 characters).` };
  }
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(draft.taxRate.trim()) || Number(draft.taxRate) > 100) {
    return { problem: translate`The default tax rate is a percentage from 0 to 100, like 20 or 7.5.` };
  }
  const rounding = Number(draft.cashRounding.trim());
  if (!Number.isInteger(rounding) || rounding < 1 || rounding > 100_000) {
    return { problem: translate`Choose how cash totals are rounded.` };
  }
  const timeZone = draft.timeZone.trim();
  if (!zones.includes(timeZone))
    return { problem: translate`Choose the shop’s time zone from the list, like Europe/Berlin.` };
  const tooLong = RECEIPT_FIELDS.find(({ field, max }) => draft[field].trim().length > max);
  if (tooLong) return { problem: i18n._(tooLong.tooLong) };
  return {
    fields: {
      name,
      currency: draft.currency,
      timeZone,
      pricesIncludeTax: draft.pricesIncludeTax,
      defaultTaxRateBp: Math.round(Number(draft.taxRate) * 100),
      cashRounding: rounding,
      receiptHeader: optionalText(draft.receiptHeader),
      receiptFooter: optionalText(draft.receiptFooter),
      address: optionalText(draft.address),
      taxNumber: optionalText(draft.taxNumber),
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
  const { t } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(company));
  // The stored zone stays choosable even when this browser spells it otherwise (an alias, e.g. Asia/Calcutta).
  const [zones] = useState(() => {
    const names = timeZoneNames();
    return names.includes(company.timeZone) ? names : [company.timeZone, ...names];
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<CompanyDraft>) => {
    setDraft((value) => ({ ...value, ...patch }));
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkCompany(draft, zones);
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
        <Trans>Shop</Trans>
      </h2>
      {!canEdit ? (
        <p className="settings-section__note">
          <Trans>Only the shop’s owner can change these.</Trans>
        </p>
      ) : null}
      <Form className="settings-form" onSubmit={submit} validationBehavior="aria">
        <fieldset disabled={!canEdit || state.busy} className="settings-form__fields">
          <TextField
            label={t`Shop name`}
            name="name"
            value={draft.name}
            onChange={(name) => {
              set({ name });
            }}
          />
          <SelectField
            label={t`Currency`}
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
            label={t`Prices on your labels`}
            name="prices"
            value={draft.pricesIncludeTax ? 'include' : 'exclude'}
            onChange={(value) => {
              set({ pricesIncludeTax: value === 'include' });
            }}
            options={[
              { value: 'include', label: t`Include tax` },
              { value: 'exclude', label: t`Exclude tax (added at the till)` },
            ]}
          />
          <TimeZoneField
            value={draft.timeZone}
            zones={zones}
            onChange={(timeZone) => {
              set({ timeZone });
            }}
          />
          <TextField
            label={t`Default tax rate (%)`}
            name="tax-rate"
            inputMode="numeric"
            value={draft.taxRate}
            onChange={(taxRate) => {
              set({ taxRate });
            }}
          />
          <SelectField
            label={t`Round cash totals to`}
            name="cash-rounding"
            value={draft.cashRounding}
            onChange={(cashRounding) => {
              set({ cashRounding });
            }}
            options={cashRoundingOptions(draft.currency, Number(draft.cashRounding))}
          />
          <h3 className="settings-section__subtitle">
            <Trans>On receipts</Trans>
          </h3>
          {RECEIPT_FIELDS.map((receipt) => (
            <TextField
              key={receipt.field}
              label={t(receipt.label)}
              name={receipt.name}
              multiline={receipt.multiline}
              value={draft[receipt.field]}
              onChange={(value) => {
                set({ [receipt.field]: value });
              }}
              {...('description' in receipt ? { description: t(receipt.description) } : {})}
            />
          ))}
        </fieldset>
        {(problem ?? state.error) ? <Alert>{problem ?? state.error}</Alert> : null}
        {state.done ? <Alert tone="success">{state.done}</Alert> : null}
        {canEdit ? (
          <Button type="submit" isDisabled={state.busy}>
            {state.busy ? <Trans>Saving…</Trans> : <Trans>Save shop details</Trans>}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}
