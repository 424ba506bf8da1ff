// The owner's two shift settings ([SHIFT-6]): must the register have an open shift, and how large a cash
// difference a close may have before a manager approves it. Saved to the server; tills get them by pull.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, parseAmount, toDecimalString } from '../../domain/money-text';
import { currencyExponent } from '../../domain/currency';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/layout';
import { TextField } from '../../ui/text-field';
import type { ShiftsDeps } from './shifts-deps';

export function ShiftSettingsForm({ deps }: { deps: ShiftsDeps }) {
  const { t } = useLingui();
  const { currency } = deps.settings;
  const [requireShift, setRequireShift] = useState(deps.settings.requireOpenShift);
  const [limit, setLimit] = useState(
    toDecimalString(deps.settings.cashDifferenceLimit, currencyExponent(currency)),
  );
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function save() {
    const parsed = parseAmount(limit, currency);
    if (!parsed.ok) {
      setMessage({ tone: 'error', text: parsed.error.message });
      return;
    }
    try {
      await deps.history.saveSettings({ requireOpenShift: requireShift, cashDifferenceLimit: parsed.value });
      const limitAmount = formatMoney(parsed.value, currency);
      setMessage({
        tone: 'success',
        text: requireShift
          ? t`Saved: a shift is needed to sell; differences over ${limitAmount} need a manager. Tills follow after their next sync.`
          : t`Saved: selling without a shift is allowed; differences over ${limitAmount} need a manager. Tills follow after their next sync.`,
      });
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : t`the server could not be reached`;
      setMessage({ tone: 'error', text: t`Not saved: ${reason}.` });
    }
  }

  return (
    <Card title={t`Shift settings`}>
      <form
        className="shift-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="cash-count__toggle">
          <input
            type="checkbox"
            checked={requireShift}
            onChange={(event) => {
              setRequireShift(event.target.checked);
            }}
          />{' '}
          <Trans>Require an open shift to sell</Trans>
        </label>
        <TextField
          label={t`Cash difference needing a manager's approval (${currency})`}
          name="cash-difference-limit"
          value={limit}
          onChange={setLimit}
          inputMode="numeric"
        />
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Button type="submit" variant="secondary">
          <Trans>Save shift settings</Trans>
        </Button>
      </form>
    </Card>
  );
}
