// The cart at the counter: its compact lines (see cart-line.tsx), the cart discount and note and the customer;
// and, apart so the screen can keep them in view, the totals — all priced by src/domain's priceCart, never
// added up here.
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Cart, PricedCart, PricedLine } from '../../../domain/cart';
import { setCartDiscount, setCustomer, setNote } from '../../../domain/cart-edit';
import { formatMoney } from '../../../domain/money-text';
import { taxLabel, type TaxMode } from '../../../domain/tax';
import { CartDeals, type CartDealsProps } from './cart-deals';
import { CartLineRow, type CartLineRowProps } from './cart-line';
import { CommitField } from './commit-field';
import { CustomerPicker } from './customer-picker';
import { discountText, parseDiscount } from './discount-text';
import type { CustomerBook } from '../register-deps';
import { Trans, useLingui } from '@lingui/react/macro';

export interface CartPanelProps {
  cart: Cart;
  priced: PricedCart;
  currency: string;
  edit: (change: (cart: Cart) => Cart) => void;
  /** The last line's quantity field, for the F4 shortcut. */
  registerLastQuantity?: (element: HTMLInputElement | null) => void;
  /** Where customers are found and made; without it the cart has no customer field. */
  customers?: CustomerBook;
  /** The product last rung up and a counter that changes on every add: its line lights up briefly. */
  added?: { productId: string; tick: number } | null;
  /** Removes a line; a shared till may ask a manager first. */
  onRemoveLine?: (priced: PricedLine) => void;
  /** Changes a line's price; a shared till may ask a manager first (see cart-line.tsx). */
  onChangePrice?: CartLineRowProps['onChangePrice'];
  /** Reopens the modifier dialog for a line with modifiers ([MOD-3]). */
  onEditModifiers?: CartLineRowProps['onEditModifiers'];
  /** Issue 36: the coupon field and the deals taken off; without it (no promotions on this till) neither shows. */
  deals?: Omit<CartDealsProps, 'cart' | 'priced'>;
}

export function CartPanel(props: CartPanelProps) {
  const { cart, priced, currency, edit, customers, added, deals } = props;
  const { t } = useLingui();
  const [editingLine, setEditingLine] = useState<string | null>(null);
  const onEditingChange = useCallback((lineId: string, editing: boolean) => {
    setEditingLine(editing ? lineId : null);
  }, []);
  const money = useMemo(() => (amount: number) => formatMoney(amount, currency), [currency]);
  const actions = useRowActions(props);
  if (cart.lines.length === 0) {
    return (
      <p className="cart__empty">
        <Trans>The cart is empty. Scan a barcode or search for a product.</Trans>
      </p>
    );
  }
  return (
    <div className="cart">
      <ul className="cart__lines" aria-label={t`Cart`}>
        {priced.lines.map((pricedLine, index) => (
          <CartLineRow
            key={pricedLine.line.lineId}
            priced={pricedLine}
            currency={currency}
            money={money}
            editing={editingLine === pricedLine.line.lineId}
            onEditingChange={onEditingChange}
            {...actions.always}
            addedTick={added?.productId === pricedLine.line.productId ? added.tick : undefined}
            {...(index === cart.lines.length - 1 ? actions.last : {})}
          />
        ))}
      </ul>
      {deals ? <CartDeals cart={cart} priced={priced} {...deals} /> : null}
      <div className="cart__extras">
        <CommitField
          label={t`Cart discount`}
          value={discountText(cart.discount, currency)}
          placeholder={t`10% or 5.00`}
          onCommit={(text) => {
            const parsed = parseDiscount(text, currency);
            if (!parsed.ok) return parsed.error.message;
            edit((current) => setCartDiscount(current, parsed.value));
            return null;
          }}
        />
        <CommitField
          label={t`Note`}
          value={cart.note ?? ''}
          onCommit={(text) => {
            edit((current) => setNote(current, text));
            return null;
          }}
        />
      </div>
      {customers ? (
        <CustomerPicker
          book={customers}
          customerId={cart.customerId}
          onChange={(customerId) => {
            edit((current) => setCustomer(current, customerId));
          }}
        />
      ) : null}
    </div>
  );
}

type RowActions = Pick<
  CartLineRowProps,
  'edit' | 'onRemove' | 'onChangePrice' | 'onEditModifiers' | 'onTakeOff'
>;

/**
 * The rows' callbacks, the same functions from one render to the next (the screen makes new ones on each), so
 * a memoised row is not rendered again for them; each calls the panel's latest prop. A callback that comes or
 * goes (a row then shows a button or not) makes new ones. `last` is for the last line only (its quantity field
 * is F4's).
 */
function useRowActions(props: CartPanelProps): {
  always: RowActions;
  last: Pick<CartLineRowProps, 'registerQuantity'>;
} {
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const remove = props.onRemoveLine !== undefined;
  const price = props.onChangePrice !== undefined;
  const modifiers = props.onEditModifiers !== undefined;
  const takeOff = props.deals !== undefined;
  const register = props.registerLastQuantity !== undefined;
  return useMemo(
    () => ({
      always: {
        edit: (change) => {
          latest.current.edit(change);
        },
        ...(remove ? { onRemove: (line) => latest.current.onRemoveLine?.(line) } : {}),
        ...(price
          ? {
              onChangePrice: (line, unitPrice) =>
                latest.current.onChangePrice?.(line, unitPrice) ?? Promise.resolve(null),
            }
          : {}),
        ...(modifiers ? { onEditModifiers: (line) => latest.current.onEditModifiers?.(line) } : {}),
        ...(takeOff ? { onTakeOff: (promotionId) => latest.current.deals?.onTakeOff(promotionId) } : {}),
      } satisfies RowActions,
      last: register
        ? {
            registerQuantity: (element: HTMLInputElement | null) =>
              latest.current.registerLastQuantity?.(element),
          }
        : {},
    }),
    [remove, price, modifiers, takeOff, register],
  );
}

/** Subtotal, discounts, tax and the total, kept in view beside Pay. */
export function CartTotals({
  priced,
  currency,
  taxMode,
}: {
  priced: PricedCart;
  currency: string;
  taxMode: TaxMode;
}) {
  const { t } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency);
  const { totals } = priced;
  return (
    <dl className="totals" aria-label={t`Totals`}>
      <dt>
        <Trans>Subtotal</Trans>
      </dt>
      <dd>{money(totals.subtotal)}</dd>
      {totals.discounts > 0 ? (
        <>
          <dt>
            <Trans>Discounts</Trans>
          </dt>
          <dd>−{money(totals.discounts)}</dd>
        </>
      ) : null}
      {priced.deals.saved > 0 ? (
        // DESIGN §13: a cart with a promotion shows 'You saved' and the amount.
        <>
          <dt className="totals__saved">
            <Trans>You saved</Trans>
          </dt>
          <dd className="totals__saved" data-testid="cart-saved">
            {money(priced.deals.saved)}
          </dd>
        </>
      ) : null}
      <dt>{taxLabel(taxMode)}</dt>
      <dd>{money(totals.tax)}</dd>
      <dt className="totals__total">
        <Trans>Total</Trans>
      </dt>
      <dd className="totals__total" data-testid="cart-total">
        {money(totals.total)}
      </dd>
    </dl>
  );
}
