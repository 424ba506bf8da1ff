// The cart at the counter: its lines (quantity — typed or on a keypad —, discount, remove), the cart
// discount and note, the customer, and the totals — all priced by src/domain's priceCart, never added up here.
import { useState } from 'react';
import type { Cart, PricedCart } from '../../../domain/cart';
import {
  removeLine,
  setCartDiscount,
  setCustomer,
  setLineDiscount,
  setNote,
  setQuantity,
} from '../../../domain/cart-edit';
import { formatMoney } from '../../../domain/money-text';
import { parseQuantity, toNumericString } from '../../../domain/quantity';
import { CommitField } from './commit-field';
import { CustomerPicker } from './customer-picker';
import { discountText, parseDiscount } from './discount-text';
import { QuantityKeypad } from './quantity-keypad';
import type { CustomerBook } from '../register-deps';

export interface CartPanelProps {
  cart: Cart;
  priced: PricedCart;
  currency: string;
  edit: (change: (cart: Cart) => Cart) => void;
  /** The last line's quantity field, for the F4 shortcut. */
  registerLastQuantity?: (element: HTMLInputElement | null) => void;
  /** Where customers are found and made; without it the cart has no customer field. */
  customers?: CustomerBook;
}

/** "2.000" → "2", "1.250" → "1.25": a quantity as a cashier would type it. */
function quantityText(quantity: number): string {
  return toNumericString(quantity).replace(/\.?0+$/, '');
}

export function CartPanel({ cart, priced, currency, edit, registerLastQuantity, customers }: CartPanelProps) {
  const [keypadLine, setKeypadLine] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, currency);
  const { totals } = priced;
  if (cart.lines.length === 0) {
    return <p className="cart__empty">The cart is empty. Scan a barcode or search for a product.</p>;
  }
  return (
    <div className="cart">
      <ul className="cart__lines" aria-label="Cart">
        {priced.lines.map(({ line, amount, lineDiscount, cartDiscount }, index) => (
          <li key={line.lineId} className="cart__line">
            <div className="cart__line-head">
              <span className="cart__line-name">{line.name}</span>
              <span className="cart__line-amount" aria-label={`Line total for ${line.name}`}>
                {money(amount)}
              </span>
            </div>
            <div className="cart__line-fields">
              <CommitField
                label={line.weighed ? `Weight (kg) of ${line.name}` : `Quantity of ${line.name}`}
                value={quantityText(line.quantity)}
                inputMode="decimal"
                {...(index === cart.lines.length - 1 && registerLastQuantity
                  ? { registerInput: registerLastQuantity }
                  : {})}
                onCommit={(text) => {
                  const parsed = parseQuantity(text, { weighed: line.weighed });
                  if (!parsed.ok) return parsed.error.message;
                  edit((current) => setQuantity(current, line.lineId, parsed.value));
                  return null;
                }}
              />
              <CommitField
                label={`Discount on ${line.name}`}
                value={discountText(line.discount, currency)}
                placeholder="10% or 1.50"
                onCommit={(text) => {
                  const parsed = parseDiscount(text, currency);
                  if (!parsed.ok) return parsed.error.message;
                  edit((current) => setLineDiscount(current, line.lineId, parsed.value));
                  return null;
                }}
              />
              <button
                type="button"
                className="button button--ghost cart__keypad"
                aria-label={`Keypad for ${line.name}`}
                aria-expanded={keypadLine === line.lineId}
                onClick={() => {
                  setKeypadLine(keypadLine === line.lineId ? null : line.lineId);
                }}
              >
                123
              </button>
              <button
                type="button"
                className="button button--ghost cart__remove"
                aria-label={`Remove ${line.name}`}
                onClick={() => {
                  edit((current) => removeLine(current, line.lineId));
                }}
              >
                Remove
              </button>
            </div>
            {keypadLine === line.lineId ? (
              <QuantityKeypad
                line={line}
                onSet={(quantity) => {
                  edit((current) => setQuantity(current, line.lineId, quantity));
                  return null;
                }}
                onClose={() => {
                  setKeypadLine(null);
                }}
              />
            ) : null}
            {lineDiscount + cartDiscount > 0 ? (
              <p className="cart__line-note">{money(lineDiscount + cartDiscount)} off</p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="cart__extras">
        <CommitField
          label="Cart discount"
          value={discountText(cart.discount, currency)}
          placeholder="10% or 5.00"
          onCommit={(text) => {
            const parsed = parseDiscount(text, currency);
            if (!parsed.ok) return parsed.error.message;
            edit((current) => setCartDiscount(current, parsed.value));
            return null;
          }}
        />
        <CommitField
          label="Note"
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
      <dl className="totals" aria-label="Totals">
        <dt>Subtotal</dt>
        <dd>{money(totals.subtotal)}</dd>
        {totals.discounts > 0 ? (
          <>
            <dt>Discounts</dt>
            <dd>−{money(totals.discounts)}</dd>
          </>
        ) : null}
        <dt>Tax</dt>
        <dd>{money(totals.tax)}</dd>
        <dt className="totals__total">Total</dt>
        <dd className="totals__total" data-testid="cart-total">
          {money(totals.total)}
        </dd>
      </dl>
    </div>
  );
}
