// [VAL-11] 'Sell gift card' at the register, loaded on demand: one of the shop's amounts, or any amount within
// its minimum and maximum, onto a new card whose code the till draws (shown here once: the receipt prints it
// too) or the code of a printed card scanned now — or a top-up of a card found by its code. The card becomes a
// line of the cart, paid with the sale.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, parseAmount } from '../../../domain/money-text';
import type { CartGiftCard } from '../../../domain/cart';
import { codeLast4, formatValueCode, normaliseValueCode } from '../../../domain/value/code';
import { checkGiftCardAmount } from '../../../domain/value/settings';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import type { CardFound, RegisterValue } from './register-value';
import { useValueSettings } from './use-value-settings';

export interface SellGiftCardProps {
  value: RegisterValue;
  currency: string;
  onAdd: (card: CartGiftCard, amount: number) => void;
  onClose: () => void;
}

export function SellGiftCardDialog({ value, currency, onAdd, onClose }: SellGiftCardProps) {
  const { t } = useLingui();
  // Followed live: a till set up a moment ago may not have pulled the shop's amounts yet.
  const settings = useValueSettings(value) ?? null;
  const [amountText, setAmountText] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [physical, setPhysical] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sold, setSold] = useState<{
    code: string | null;
    last4: string;
    amount: number;
    topUp: boolean;
  } | null>(null);
  // [VAL-11] Topping up a card the customer has: found by its code, then a line without a code.
  const [toppingUp, setToppingUp] = useState(false);
  const [topUpCode, setTopUpCode] = useState('');
  const [topUp, setTopUp] = useState<Extract<CardFound, { ok: true }> | null>(null);
  const money = (amount: number) => formatMoney(amount, currency);

  const add = () => {
    if (!settings) return;
    let amount = chosen;
    if (amountText.trim() !== '') {
      const parsed = parseAmount(amountText, currency);
      if (!parsed.ok) {
        setProblem(parsed.error.message);
        return;
      }
      amount = parsed.value;
    }
    if (amount === null) {
      setProblem(t`Choose an amount for the gift card.`);
      return;
    }
    const checked = checkGiftCardAmount(amount, settings, currency);
    if (!checked.ok) {
      setProblem(checked.error.message);
      return;
    }
    if (toppingUp) {
      if (!topUp) {
        setProblem(t`Find the card to top up first.`);
        return;
      }
      if (topUp.balance.account.status !== 'active') {
        setProblem(t`This card cannot be topped up: it is blocked or cancelled.`);
        return;
      }
      onAdd({ accountId: topUp.balance.account.id, last4: topUp.last4 }, amount);
      setProblem(null);
      setSold({ code: null, last4: topUp.last4, amount, topUp: true });
      return;
    }
    const drawn = value.drawCard();
    let code = drawn.code;
    if (physical.trim() !== '') {
      const read = normaliseValueCode(physical);
      if (!read.ok) {
        setProblem(t`This card's code cannot be read: a code is 8 to 32 letters and digits.`);
        return;
      }
      code = read.value;
    }
    const readBack = normaliseValueCode(code);
    const last4 = readBack.ok ? codeLast4(readBack.value) : '';
    onAdd(
      { accountId: drawn.accountId, code, last4, ...(physical.trim() !== '' ? { physical: true } : {}) },
      amount,
    );
    setProblem(null);
    setSold({
      code: physical.trim() === '' && readBack.ok ? readBack.value : null,
      last4,
      amount,
      topUp: false,
    });
  };

  const soldAmount = sold ? money(sold.amount) : '';
  const least = money(settings?.giftCardMin ?? 0);
  const topUpLast4 = topUp?.last4 ?? '';
  const topUpBalance = topUp ? money(Math.max(0, topUp.balance.available.available)) : '';
  const most = money(settings?.giftCardMax ?? 0);
  const soldLast4 = sold?.last4 ?? '';
  const shownCode = sold?.code ? formatValueCode(sold.code) : '';
  return (
    <Dialog
      title={t`Sell gift card`}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {sold ? (
        <div className="gift-card">
          <p>
            {sold.topUp ? (
              <Trans>
                A top-up of {soldAmount} for card ••••{soldLast4} is in the cart.
              </Trans>
            ) : (
              <Trans>
                A gift card of {soldAmount} is in the cart: card ••••{soldLast4}.
              </Trans>
            )}
          </p>
          {sold.code ? (
            <>
              <p>
                <Trans>Its code, shown once here and printed on the receipt:</Trans>
              </p>
              <p className="gift-card__code" data-testid="gift-card-code">
                {shownCode}
              </p>
            </>
          ) : null}
          <button type="button" className="button button--primary button--lg" onClick={onClose}>
            <Trans>Done</Trans>
          </button>
        </div>
      ) : (
        <form
          className="gift-card"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          {settings && settings.giftCardAmounts.length > 0 ? (
            <div className="gift-card__amounts" role="group" aria-label={t`Gift card amounts`}>
              {settings.giftCardAmounts.map((amount) => (
                <button
                  key={amount}
                  type="button"
                  className={`button button--lg ${chosen === amount && amountText === '' ? 'button--primary' : 'button--secondary'}`}
                  aria-pressed={chosen === amount && amountText === ''}
                  onClick={() => {
                    setChosen(amount);
                    setAmountText('');
                  }}
                >
                  {money(amount)}
                </button>
              ))}
            </div>
          ) : null}
          {settings?.giftCardAnyAmount ? (
            <TextField
              label={t`Amount`}
              name="gift-card-amount"
              inputMode="numeric"
              value={amountText}
              onChange={setAmountText}
              description={t`From ${least} to ${most}`}
            />
          ) : null}
          {toppingUp ? (
            <>
              <div className="value-tenders__card">
                <TextField
                  label={t`Gift card code`}
                  name="top-up-code"
                  value={topUpCode}
                  maxLength={64}
                  onChange={(text) => {
                    setTopUpCode(text);
                    setTopUp(null);
                  }}
                />
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={topUpCode.trim() === ''}
                  onClick={() => {
                    void value.findCard(topUpCode).then((found) => {
                      setTopUp(found.ok ? found : null);
                      setProblem(found.ok ? null : found.message);
                    });
                  }}
                >
                  <Trans>Find card</Trans>
                </button>
              </div>
              {topUp ? (
                <p data-testid="top-up-card">
                  <Trans>
                    Gift card ••••{topUpLast4}: {topUpBalance} available
                  </Trans>
                </p>
              ) : null}
            </>
          ) : (
            <TextField
              label={t`Printed card's code (scan it, or leave empty for a new code)`}
              name="gift-card-physical"
              value={physical}
              maxLength={64}
              onChange={setPhysical}
            />
          )}
          <button
            type="button"
            className="button button--ghost"
            aria-pressed={toppingUp}
            onClick={() => {
              setToppingUp(!toppingUp);
              setProblem(null);
            }}
          >
            {toppingUp ? <Trans>Sell a new card instead</Trans> : <Trans>Top up a card instead</Trans>}
          </button>
          {problem !== null ? <Alert>{problem}</Alert> : null}
          <button type="submit" className="button button--primary button--lg" disabled={!settings}>
            <Trans>Add to cart</Trans>
          </button>
        </form>
      )}
    </Dialog>
  );
}
