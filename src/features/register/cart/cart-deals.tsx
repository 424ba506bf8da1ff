// The sale's deals at the counter (issue 36): the 'Coupon' field (typed, or scanned into it), the coupons on
// the sale with Remove, and the promotions the cashier took off with 'Put back' ([PROMO-3]). Which deals a line
// got is shown on the line (cart-line.tsx); what they saved beside the total (CartTotals).
import { useId, useRef, useState } from 'react';
import type { Cart, PricedCart } from '../../../domain/cart';
import { Trans, useLingui } from '@lingui/react/macro';

export interface CartDealsProps {
  cart: Cart;
  priced: PricedCart;
  /** Each promotion's name, for the ones taken off (the priced cart names those it applied). */
  names: ReadonlyMap<string, string>;
  /** Tries a code on the sale; answers why it was refused, or null once it is on. */
  onApplyCoupon: (typed: string) => Promise<string | null>;
  onRemoveCoupon: (code: string) => void;
  onPutBack: (promotionId: string) => void;
  /** [PROMO-3] Takes a promotion off the sale (from a line's deal). */
  onTakeOff: (promotionId: string) => void;
}

export function CartDeals({ cart, priced, names, onApplyCoupon, onRemoveCoupon, onPutBack }: CartDealsProps) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async () => {
    // The DOM's value: a scanner may have just typed into the field in the same key press.
    const typed = input.current?.value ?? text;
    if (typed.trim() === '') return;
    setChecking(true);
    const problem = await onApplyCoupon(typed);
    setChecking(false);
    setError(problem);
    if (problem === null) setText('');
  };

  const coupons = cart.coupons ?? [];
  const removed = cart.removedPromotions ?? [];
  const statusOf = (code: string) => priced.deals.coupons.find((answer) => answer.code === code)?.status;
  return (
    <div className="cart-deals">
      <form
        className="cart-deals__coupon"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={id} className="commit-field__label">
          <Trans>Coupon</Trans>
        </label>
        <div className="cart-deals__entry">
          <input
            id={id}
            ref={input}
            name="coupon"
            className="field__input"
            value={text}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? `${id}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button" disabled={checking}>
            <Trans>Apply</Trans>
          </button>
        </div>
        {error !== null ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {coupons.length > 0 ? (
        <ul className="cart-deals__list" aria-label={t`Coupons on this sale`}>
          {coupons.map(({ code, promotionId }) => {
            const deal = names.get(promotionId) ?? '';
            const idle = statusOf(code) !== 'applied';
            return (
              <li key={code} className="cart-deals__item">
                <span className="cart-deals__what">
                  <span className="cart-deals__code">{code}</span>
                  <span className="cart-deals__name">
                    {idle ? <Trans>{deal} (no saving on this cart now)</Trans> : deal}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t`Remove coupon ${code}`}
                  onClick={() => {
                    onRemoveCoupon(code);
                  }}
                >
                  <Trans>Remove</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {removed.length > 0 ? (
        <ul className="cart-deals__list" aria-label={t`Deals taken off this sale`}>
          {removed.map((promotionId) => {
            const deal = names.get(promotionId) ?? '';
            return (
              <li key={promotionId} className="cart-deals__item">
                <span className="cart-deals__what">
                  <Trans>{deal} — taken off</Trans>
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t`Put ${deal} back on this sale`}
                  onClick={() => {
                    onPutBack(promotionId);
                  }}
                >
                  <Trans>Put back</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
