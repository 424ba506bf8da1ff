// [VAL-27] 'Check balance' at the register, loaded on demand: a gift card's balance by its code, with no sale —
// the server's answer online, what this till knows offline (and says so).
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../domain/money-text';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import type { CardFound, RegisterValue } from './register-value';

export interface CheckBalanceProps {
  value: RegisterValue;
  currency: string;
  onClose: () => void;
}

export function CheckBalanceDialog({ value, currency, onClose }: CheckBalanceProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<CardFound | null>(null);
  const [looking, setLooking] = useState(false);
  const balance =
    found?.ok === true ? formatMoney(Math.max(0, found.balance.available.available), currency) : '';
  const last4 = found?.ok === true ? found.last4 : '';
  return (
    <Dialog
      title={t`Check balance`}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <form
        className="gift-card"
        onSubmit={(event) => {
          event.preventDefault();
          setLooking(true);
          void value.findCard(code).then((answer) => {
            setLooking(false);
            setFound(answer);
          });
        }}
      >
        <TextField
          label={t`Gift card code`}
          name="balance-code"
          value={code}
          maxLength={64}
          onChange={(text) => {
            setCode(text);
            setFound(null);
          }}
          autoFocus
        />
        <button
          type="submit"
          className="button button--primary button--lg"
          disabled={looking || code.trim() === ''}
        >
          <Trans>Check</Trans>
        </button>
        {found?.ok === false ? <Alert>{found.message}</Alert> : null}
        {found?.ok === true ? (
          <p className="gift-card__balance" data-testid="checked-balance">
            {found.balance.account.status === 'active' ? (
              <Trans>
                Gift card ••••{last4}: {balance} available
              </Trans>
            ) : found.balance.account.status === 'void' ? (
              <Trans>Gift card ••••{last4} has been cancelled.</Trans>
            ) : (
              <Trans>Gift card ••••{last4} is blocked.</Trans>
            )}
            {found.balance.available.offline ? (
              <>
                {' '}
                <Trans>(as this till knows it, offline)</Trans>
              </>
            ) : null}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
