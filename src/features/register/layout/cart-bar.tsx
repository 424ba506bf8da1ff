// The cart bar on portrait tablets and phones: how many items, the total and Pay, always at the bottom; a tap
// on the count opens the whole cart. The count is announced politely, so a scan heard by a screen reader
// says that it landed.
import type { CartLine } from '../../../domain/cart';
import { formatMoney } from '../../../domain/money-text';
import { MILLI_PER_UNIT } from '../../../domain/quantity';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

export interface CartBarProps {
  lines: readonly CartLine[];
  total: number;
  currency: string;
  onOpenCart: () => void;
  onPay: () => void;
}

/** Pieces, with a weighed line counting once (1.25 kg of bananas is one item). */
function itemCount(lines: readonly CartLine[]): number {
  return lines.reduce((count, line) => count + (line.weighed ? 1 : line.quantity / MILLI_PER_UNIT), 0);
}

export function CartBar({ lines, total, currency, onOpenCart, onPay }: CartBarProps) {
  const { t } = useLingui();
  const items = itemCount(lines);
  const count = plural(items, { one: '# item', other: '# items' });
  return (
    <div className="cart-bar">
      <span className="visually-hidden" aria-live="polite">
        {t`${count} in the cart`}
      </span>
      <button
        type="button"
        className="cart-bar__open"
        aria-label={t`Open the cart: ${count}`}
        onClick={onOpenCart}
      >
        {/* Remounted when the count changes, so the bump plays on every add. */}
        <span key={items} className="cart-bar__count">
          {count}
        </span>
        <span className="cart-bar__total" data-testid="cart-bar-total">
          {formatMoney(total, currency)}
        </span>
      </button>
      <button
        type="button"
        className="button button--primary button--lg cart-bar__pay"
        disabled={items === 0}
        onClick={onPay}
      >
        <Trans>Pay</Trans>
      </button>
    </div>
  );
}
