// [VAL-T52] A manager opens a customer's account on credit with a credit limit, or changes the limit
// (`save_value_account`). The amount is checked here first (an amount in the shop's currency, not negative);
// the server's refusal is shown in words and the form stays open with what was typed.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { currencyExponent } from '../../domain/currency';
import { parseAmount, toDecimalString } from '../../domain/money-text';
import type { Result } from '../../domain/result';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

export function CreditLimitForm({
  current,
  currency,
  save,
  onDone,
  onCancel,
}: {
  /** The limit now (minor units); null when the account is not open yet. */
  current: number | null;
  currency: string;
  save: (creditLimit: number) => Promise<Result<void>>;
  onDone: (creditLimit: number) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(
    current === null ? '' : toDecimalString(current, currencyExponent(currency)),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const amount = parseAmount(text, currency);
    if (!amount.ok) {
      setProblem(amount.error.message);
      return;
    }
    setProblem(null);
    setRefusal(null);
    setSaving(true);
    const answer = await save(amount.value);
    setSaving(false);
    if (answer.ok) onDone(amount.value);
    else setRefusal(answer.error.message);
  };
  return (
    <form
      className="customer-balances__form"
      aria-label={current === null ? t`Open an account on credit` : t`Change the credit limit`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t`Credit limit`}
        name="credit-limit"
        value={text}
        onChange={setText}
        inputMode="text"
        autoFocus
        description={t`The most the customer may owe on the account.`}
        error={problem}
      />
      {refusal ? <Alert>{refusal}</Alert> : null}
      <div className="button-row">
        <Button type="submit" isDisabled={saving}>
          {current === null ? <Trans>Open the account</Trans> : <Trans>Save the limit</Trans>}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
