// The "create a shop" form: name, currency, and whether shelf prices include tax.
import { useState, type SyntheticEvent } from 'react';
import { Form, Label, RadioButton, RadioField, RadioGroup } from 'react-aria-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';

export interface ShopDraft {
  name: string;
  currency: string;
  pricesIncludeTax: boolean;
}

const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'ZAR',
  'INR',
];

export function CreateShopForm({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error: string | null;
  onSubmit: (draft: ShopDraft) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState('EUR');
  const [includesTax, setIncludesTax] = useState('yes');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    const found =
      trimmed === ''
        ? t`Enter the name of your shop.`
        : trimmed.length > 100
          ? t`Use at most 100 characters.`
          : null;
    setProblem(found);
    if (!found) onSubmit({ name: trimmed, currency, pricesIncludeTax: includesTax === 'yes' });
  }

  return (
    <Form className="auth-form" onSubmit={submit} validationBehavior="aria">
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label={t`Shop name`}
        name="shop-name"
        value={name}
        onChange={setName}
        error={problem}
        autoComplete="organization"
      />
      <SelectField
        label={t`Currency`}
        name="currency"
        value={currency}
        onChange={setCurrency}
        options={CURRENCIES.map((code) => ({ value: code, label: code }))}
      />
      <RadioGroup className="radio-group" value={includesTax} onChange={setIncludesTax}>
        <Label className="field__label">
          <Trans>Prices on your labels</Trans>
        </Label>
        <RadioField value="yes">
          <RadioButton className="radio">
            <Trans>Include tax (most shops selling to consumers)</Trans>
          </RadioButton>
        </RadioField>
        <RadioField value="no">
          <RadioButton className="radio">
            <Trans>Exclude tax (tax is added at the till)</Trans>
          </RadioButton>
        </RadioField>
      </RadioGroup>
      <Button type="submit" size="lg" wide isDisabled={busy}>
        {busy ? t`Creating shop…` : t`Create shop`}
      </Button>
    </Form>
  );
}
