// One compact cart line at the counter: the name (a tap opens the line's editor), a − / + stepper around the
// typed quantity, and the line total. The editor holds what a cashier needs less often — the quantity keypad,
// the line discount, 'Change price' and Remove — so a line stays one row high on a phone.
// A row is memoised (P2): a scan adds one line, and the other lines, unchanged, are not rendered again.
import { memo } from 'react';
import type { CartLine, PricedLine } from '../../../domain/cart';
import { overridePrice, removeLine, setLineDiscount, setQuantity } from '../../../domain/cart-edit';
import type { Minor } from '../../../domain/money';
import { optionLabel } from '../../../domain/modifier-pricing';
import { MILLI_PER_UNIT, parseQuantity, quantityText } from '../../../domain/quantity';
import { lineQuantityText } from '../../../domain/weighed-line';
import { CommitField } from './commit-field';
import { discountText, parseDiscount } from './discount-text';
import { PriceChange } from './price-form';
import { QuantityKeypad } from './quantity-keypad';
import type { RegisterCart } from './use-register-cart';
import { Trans, useLingui } from '@lingui/react/macro';

type CartEdit = RegisterCart['edit'];
type Money = (amount: number) => string;

export interface CartLineRowProps {
  priced: PricedLine;
  currency: string;
  money: Money;
  edit: CartEdit;
  editing: boolean;
  /** Opens or closes this line's editor; given the line's id, so one stable function serves every row. */
  onEditingChange: (lineId: string, editing: boolean) => void;
  /** Changes each time this line's product is rung up again, to replay the highlight. */
  addedTick: number | undefined;
  registerQuantity?: (element: HTMLInputElement | null) => void;
  /** Removes the line; a shared till may ask a manager first (issue 18). Removes at once by default. */
  onRemove?: (priced: PricedLine) => void;
  /**
   * Changes the line's unit price; a shared till may ask a manager first. Answers an error to show, or null.
   * Changes it at once by default.
   */
  onChangePrice?: (priced: PricedLine, unitPrice: Minor) => Promise<string | null>;
  /** [MOD-3] Reopens the modifier dialog for this line; without it a line's options cannot be changed. */
  onEditModifiers?: (line: CartLine) => void;
  /** [PROMO-3] Takes a promotion off the sale; without it the line's deals are shown only. */
  onTakeOff?: (promotionId: string) => void;
}

/**
 * Memoised on its props: the callbacks must be stable (cart-panel.tsx keeps them so), and a priced line equal
 * field by field to the last one is the same line even though priceCart made a new object for it.
 */
export const CartLineRow = memo(CartLineRowView, (before, after) => {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof CartLineRowProps>;
  return [...keys].every((key) =>
    key === 'priced' ? samePricedLine(before.priced, after.priced) : Object.is(before[key], after[key]),
  );
});

function samePricedLine(before: PricedLine, after: PricedLine): boolean {
  if (before === after) return true;
  const keys = Object.keys(before) as (keyof PricedLine)[];
  if (keys.length !== Object.keys(after).length) return false;
  return keys.every((key) =>
    key === 'promotions'
      ? sameDeals(before.promotions, after.promotions)
      : Object.is(before[key], after[key]),
  );
}

function sameDeals(before: PricedLine['promotions'], after: PricedLine['promotions']): boolean {
  return (
    before.length === after.length &&
    before.every((deal, index) => {
      const other = after[index];
      return (
        deal.promotionId === other?.promotionId && deal.name === other.name && deal.amount === other.amount
      );
    })
  );
}

function CartLineRowView(props: CartLineRowProps) {
  const { priced, currency, money, edit, editing, onEditingChange, addedTick, registerQuantity } = props;
  const { t } = useLingui();
  const { line, amount, lineDiscount, cartDiscount } = priced;
  const name = line.name;
  const off = money(lineDiscount + cartDiscount);
  const step = (by: number) => {
    edit((current) => setQuantity(current, line.lineId, line.quantity + by * MILLI_PER_UNIT));
  };
  return (
    <li className="cart__line">
      {/* Remounted on each add so the highlight plays again; decoration only. */}
      {addedTick !== undefined ? (
        <span key={addedTick} className="cart__line-flash" aria-hidden="true" />
      ) : null}
      <div className="cart__line-row">
        <button
          type="button"
          className="cart__line-open"
          aria-label={t`Edit ${name}`}
          aria-expanded={editing}
          onClick={() => {
            onEditingChange(line.lineId, !editing);
          }}
        >
          <span className="cart__line-name">{line.name}</span>
          {line.modifiers !== undefined && line.modifiers.length > 0 ? (
            <span className="cart__line-modifiers">
              {line.modifiers
                .map((modifier) => optionLabel(modifier.optionName, modifier.priceDelta, currency))
                .join(', ')}
            </span>
          ) : null}
          {line.giftCard ? (
            // [VAL-11] Which card: its last four (a new card's full code shows once, in the dialog and receipt).
            <span className="cart__line-unit">••••{line.giftCard.last4}</span>
          ) : null}
          {line.weighed ? (
            // [COUNTER-12] The weight and the price per kg, so a weight never reads as a count.
            <span className="cart__line-unit">{lineQuantityText(line, money)}</span>
          ) : null}
          {line.listPrice !== undefined ? (
            <ChangedPrice listPrice={line.listPrice} unitPrice={line.unitPrice} money={money} />
          ) : null}
          {lineDiscount + cartDiscount > 0 ? (
            <span className="cart__line-note">
              <Trans>{off} off</Trans>
            </span>
          ) : null}
        </button>
        {line.giftCard ? (
          // [VAL-11] One card at its amount: nothing to step.
          <span className="cart__quantity-fixed" aria-hidden="true" />
        ) : (
          <div className="cart__stepper">
            {line.weighed ? null : (
              <button
                type="button"
                className="cart__step"
                aria-label={t`One less ${name}`}
                disabled={line.quantity <= MILLI_PER_UNIT}
                onClick={() => {
                  step(-1);
                }}
              >
                −
              </button>
            )}
            <CommitField
              className="cart__quantity"
              hideLabel
              label={line.weighed ? t`Weight (kg) of ${name}` : t`Quantity of ${name}`}
              value={quantityText(line.quantity)}
              inputMode="decimal"
              {...(registerQuantity ? { registerInput: registerQuantity } : {})}
              onCommit={(text) => {
                const parsed = parseQuantity(text, { weighed: line.weighed });
                if (!parsed.ok) return parsed.error.message;
                edit((current) => setQuantity(current, line.lineId, parsed.value));
                return null;
              }}
            />
            {line.weighed ? null : (
              <button
                type="button"
                className="cart__step"
                aria-label={t`One more ${name}`}
                onClick={() => {
                  step(1);
                }}
              >
                +
              </button>
            )}
          </div>
        )}
        <span className="cart__line-amount" aria-label={t`Line total for ${name}`}>
          {money(amount)}
        </span>
      </div>
      {priced.promotions.length > 0 ? (
        <LineDeals
          deals={priced.promotions}
          money={money}
          {...(props.onTakeOff ? { onTakeOff: props.onTakeOff } : {})}
        />
      ) : null}
      {editing ? (
        <LineEditor
          line={line}
          currency={currency}
          edit={edit}
          onPrice={(unitPrice) => {
            if (props.onChangePrice) return props.onChangePrice(priced, unitPrice);
            edit((current) => overridePrice(current, line.lineId, unitPrice));
            return Promise.resolve(null);
          }}
          onEditModifiers={
            props.onEditModifiers && line.modifiers !== undefined
              ? () => {
                  props.onEditModifiers?.(line);
                }
              : null
          }
          onRemove={
            props.onRemove
              ? () => {
                  props.onRemove?.(priced);
                }
              : null
          }
          onClose={() => {
            onEditingChange(line.lineId, false);
          }}
        />
      ) : null}
    </li>
  );
}

function LineEditor({
  line,
  currency,
  edit,
  onPrice,
  onEditModifiers,
  onRemove,
  onClose,
}: {
  line: CartLine;
  currency: string;
  edit: CartEdit;
  onPrice: (unitPrice: Minor) => Promise<string | null>;
  onEditModifiers: (() => void) | null;
  onRemove: (() => void) | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = line.name;
  return (
    <div className="cart__editor">
      <QuantityKeypad
        line={line}
        onSet={(quantity) => {
          edit((current) => setQuantity(current, line.lineId, quantity));
          return null;
        }}
        onClose={onClose}
      />
      <div className="cart__editor-side">
        <CommitField
          label={t`Discount on ${name}`}
          value={discountText(line.discount, currency)}
          placeholder={t`10% or 1.50`}
          onCommit={(text) => {
            const parsed = parseDiscount(text, currency);
            if (!parsed.ok) return parsed.error.message;
            edit((current) => setLineDiscount(current, line.lineId, parsed.value));
            return null;
          }}
        />
        {onEditModifiers ? (
          <button
            type="button"
            className="button button--ghost"
            aria-label={t`Change options of ${name}`}
            onClick={onEditModifiers}
          >
            <Trans>Change options</Trans>
          </button>
        ) : null}
        <PriceChange line={line} currency={currency} onPrice={onPrice} />
        <button
          type="button"
          className="button button--ghost cart__remove"
          aria-label={t`Remove ${name}`}
          onClick={() => {
            if (onRemove) onRemove();
            else edit((current) => removeLine(current, line.lineId));
          }}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </div>
  );
}

/** [PROMO-T2] What each promotion took off this line, by name, each with a way to take it off the sale. */
function LineDeals({
  deals,
  money,
  onTakeOff,
}: {
  deals: PricedLine['promotions'];
  money: Money;
  onTakeOff?: (promotionId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <ul className="cart__line-deals" aria-label={t`Deals on this line`}>
      {deals.map(({ promotionId, name, amount }) => {
        const saved = money(amount);
        return (
          <li key={promotionId} className="cart__line-deal">
            <span className="cart__line-deal-name">{name}</span>
            <span className="cart__line-deal-amount">−{saved}</span>
            {onTakeOff ? (
              <button
                type="button"
                className="button button--ghost cart__line-deal-off"
                aria-label={t`Take ${name} off this sale`}
                onClick={() => {
                  onTakeOff(promotionId);
                }}
              >
                <Trans>Take off</Trans>
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A changed price: the price the line was rung up at struck through, then the cashier's, per unit. */
function ChangedPrice({ listPrice, unitPrice, money }: { listPrice: Minor; unitPrice: Minor; money: Money }) {
  const was = money(listPrice);
  const price = money(unitPrice);
  return (
    <span className="cart__line-price">
      <Trans>
        <s>
          <span className="visually-hidden">was </span>
          {was}
        </s>{' '}
        {price} each
      </Trans>
    </span>
  );
}
