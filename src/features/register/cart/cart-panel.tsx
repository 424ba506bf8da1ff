// The cart at the counter: its compact lines (see cart-line.tsx), the cart discount and note and the customer;
// and, apart so the screen can keep them in view, the totals — all priced by src/domain's priceCart, never
// added up here.
import { useState } from 'react';
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
  const {
    cart,
    priced,
    currency,
    edit,
    registerLastQuantity,
    customers,
    added,
    onRemoveLine,
    onChangePrice,
    onEditModifiers,
    deals,
  } = props;
  const { t } = useLingui();
  const [editingLine, setEditingLine] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, currency);
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
            edit={edit}
            editing={editingLine === pricedLine.line.lineId}
            onEditingChange={(editing) => {
              setEditingLine(editing ? pricedLine.line.lineId : null);
            }}
            {...(onRemoveLine ? { onRemove: onRemoveLine } : {})}
            {...(onChangePrice ? { onChangePrice } : {})}
            {...(onEditModifiers ? { onEditModifiers } : {})}
            {...(deals ? { onTakeOff: deals.onTakeOff } : {})}
            addedTick={added?.productId === pricedLine.line.productId ? added.tick : undefined}
            {...(index === cart.lines.length - 1 && registerLastQuantity
              ? { registerQuantity: registerLastQuantity }
              : {})}
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
