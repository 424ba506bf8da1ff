// A pay-in or pay-out of the open shift's drawer, with its reason ([SHIFT-5]), recorded offline.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { moveCash } from '../../data/ops/cash-move';
import { signedInCashier } from '../../domain/cashier-stamp';
import { parseAmount } from '../../domain/money-text';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { ShiftsDeps } from './shifts-deps';

export function CashMoveForm({ deps, shiftId }: { deps: ShiftsDeps; shiftId: string }) {
  const { t } = useLingui();
  const [kind, setKind] = useState<'pay_in' | 'pay_out'>('pay_out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function record() {
    const parsed = parseAmount(amount, deps.settings.currency);
    if (!parsed.ok) {
      setMessage({ tone: 'error', text: parsed.error.message });
      return;
    }
    if (reason.trim() === '') {
      setMessage({ tone: 'error', text: t`Say why the cash goes in or out.` });
      return;
    }
    const id = deps.commandDeps.ids();
    const result = await moveCash(deps.commandDeps, {
      shiftId,
      kind,
      amount: parsed.value,
      reason: reason.trim(),
      id,
      stamp: await (deps.signCashier ?? signedInCashier(deps.userId))('cash.move', id),
    });
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    setAmount('');
    setReason('');
    setMessage({ tone: 'success', text: kind === 'pay_in' ? t`Pay-in recorded.` : t`Pay-out recorded.` });
  }

  return (
    <form
      className="shift-form shift-form--inline"
      aria-label={t`Pay in or pay out`}
      onSubmit={(event) => {
        event.preventDefault();
        void record();
      }}
    >
      <SelectField
        label={t`Cash movement`}
        name="kind"
        value={kind}
        onChange={(value) => {
          setKind(value === 'pay_in' ? 'pay_in' : 'pay_out');
        }}
        options={[
          { value: 'pay_out', label: t`Pay out` },
          { value: 'pay_in', label: t`Pay in` },
        ]}
      />
      <TextField label={t`Amount`} name="amount" value={amount} onChange={setAmount} inputMode="numeric" />
      <TextField label={t`Reason`} name="reason" value={reason} onChange={setReason} maxLength={500} />
      <Button type="submit" variant="secondary">
        <Trans>Record</Trans>
      </Button>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </form>
  );
}
