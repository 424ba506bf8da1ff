// [VAL-11], [VAL-27] The register's 'Sell gift card' and 'Check balance' buttons; their dialogs load on demand,
// so the counter's first screen does not carry them.
import { lazy, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Cart, CartGiftCard } from '../../../domain/cart';
import { addGiftCard } from '../../../domain/cart-edit';
import { LazyPart } from '../../../ui/lazy-part';
import { loadCheckBalance, loadSellGiftCard } from '../counter-parts';
import type { RegisterValue } from './register-value';

const SellGiftCardDialog = lazy(async () => ({ default: (await loadSellGiftCard()).SellGiftCardDialog }));
const CheckBalanceDialog = lazy(async () => ({ default: (await loadCheckBalance()).CheckBalanceDialog }));

export interface ValueActionsProps {
  value: RegisterValue;
  currency: string;
  edit: (change: (cart: Cart) => Cart) => void;
  newLineId: () => string;
  /** Selling is for the cart; while paying, only the balance can be checked. */
  canSell: boolean;
}

export function ValueActions({ value, currency, edit, newLineId, canSell }: ValueActionsProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<'sell' | 'balance' | null>(null);
  const close = () => {
    setOpen(null);
  };
  const name = t`Gift card`;
  return (
    <>
      {canSell ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setOpen('sell');
          }}
        >
          <Trans>Sell gift card</Trans>
        </button>
      ) : null}
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          setOpen('balance');
        }}
      >
        <Trans>Check balance</Trans>
      </button>
      {open === 'sell' ? (
        <LazyPart what={t`Sell gift card`}>
          <SellGiftCardDialog
            value={value}
            currency={currency}
            onAdd={(card: CartGiftCard, amount: number) => {
              edit((cart) => addGiftCard(cart, card, amount, name, newLineId()));
            }}
            onClose={close}
          />
        </LazyPart>
      ) : null}
      {open === 'balance' ? (
        <LazyPart what={t`Check balance`}>
          <CheckBalanceDialog value={value} currency={currency} onClose={close} />
        </LazyPart>
      ) : null}
    </>
  );
}
