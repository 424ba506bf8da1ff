// Edits a cashier makes to a cart, as pure functions from one cart to the next (the register keeps the
// current cart in state and persists it, so a reload or a power cut mid-sale loses nothing).
import type { Cart, CartGiftCard, CartLine, PointsDiscount, ProductSnapshot } from './cart';
import type { Approval } from './cashier-stamp';
import { assertDiscount, type Discount } from './discount';
import { modifiedUnitPrice, modifierKey, type ChosenModifier } from './modifier-pricing';
import { isMinor, sum, type Minor } from './money';
import { isQuantity, MILLI_PER_UNIT, type Milli } from './quantity';

export const emptyCart: Cart = { lines: [] };

function assertPositiveQuantity(quantity: Milli): void {
  if (!isQuantity(quantity) || quantity <= 0) {
    throw new RangeError(`A cart quantity must be more than zero, got ${quantity}.`);
  }
}

/** The same product at the same price and rate, with the same modifiers: a line a new scan can add to. */
function sameItem(line: CartLine, product: ProductSnapshot): boolean {
  return (
    line.productId === product.productId &&
    line.unitPrice === product.unitPrice &&
    line.taxRate === product.taxRate &&
    modifierKey(line.modifiers) === modifierKey(product.modifiers) &&
    line.discount === undefined &&
    line.listPrice === undefined &&
    line.scaleLabel === undefined
  );
}

/**
 * [CART-2] Adds a product. Scanning a piece-goods product that is already in the cart (same price and
 * rate, no line discount) adds to that line; weighed goods and scale labels always get a new line, because
 * each weighing or label is its own item; a price synced mid-sale starts a new line rather than repricing
 * the old one.
 */
export function addProduct(cart: Cart, product: ProductSnapshot, quantity: Milli, newLineId: string): Cart {
  assertPositiveQuantity(quantity);
  const ownLine = product.weighed || product.scaleLabel !== undefined;
  const existing = ownLine ? undefined : cart.lines.find((line) => sameItem(line, product));
  if (existing !== undefined) {
    return setQuantity(cart, existing.lineId, existing.quantity + quantity);
  }
  const line: CartLine = { ...product, lineId: newLineId, quantity };
  return { ...cart, lines: [...cart.lines, line] };
}

function updateLine(cart: Cart, lineId: string, change: (line: CartLine) => CartLine): Cart {
  if (!cart.lines.some((line) => line.lineId === lineId)) {
    throw new RangeError(`No line ${lineId} in the cart.`);
  }
  // [VAL-11] A gift card's line stays as sold: one card, at its amount (the server refuses anything else).
  return {
    ...cart,
    lines: cart.lines.map((line) => (line.lineId === lineId && !line.giftCard ? change(line) : line)),
  };
}

/**
 * [VAL-11] Sells a gift card (or tops one up): its own line of quantity 1 at `amount`, untaxed, never merged
 * with another; `name` is the line's words ('Gift card').
 */
export function addGiftCard(
  cart: Cart,
  card: CartGiftCard,
  amount: Minor,
  name: string,
  lineId: string,
): Cart {
  if (!isMinor(amount) || amount <= 0)
    throw new RangeError(`A gift card's amount must be above zero, got ${amount}.`);
  const line: CartLine = {
    productId: `gift-card:${card.accountId}`,
    name,
    sku: null,
    unitPrice: amount,
    taxRate: 0,
    weighed: false,
    lineId,
    quantity: MILLI_PER_UNIT,
    giftCard: card,
  };
  return { ...cart, lines: [...cart.lines, line] };
}

export function setQuantity(cart: Cart, lineId: string, quantity: Milli): Cart {
  assertPositiveQuantity(quantity);
  return updateLine(cart, lineId, (line) => {
    if (!line.weighed && quantity % MILLI_PER_UNIT !== 0) {
      throw new RangeError(`${line.name} is sold by the piece: the quantity must be whole.`);
    }
    return { ...line, quantity };
  });
}

/**
 * [CART-5] A cashier's price for one line: it replaces the unit price and keeps the price the line was rung
 * up at (`listPrice`), once, however often the price changes; back at that price the line is plain again.
 * A price is more than zero: giving an item away is a 100% discount, which reports count as a discount.
 */
export function overridePrice(cart: Cart, lineId: string, unitPrice: Minor): Cart {
  if (!isMinor(unitPrice) || unitPrice <= 0) {
    throw new RangeError(`A price must be a whole number of minor units above zero, got ${unitPrice}.`);
  }
  return updateLine(cart, lineId, (line) => {
    // [MOD-4] The sale sends base price = unit price − the modifiers' deltas, which must not go below zero.
    const added = sum((line.modifiers ?? []).map((modifier) => modifier.priceDelta));
    if (line.modifiers !== undefined && unitPrice < added) {
      throw new RangeError(`${line.name}'s modifiers add ${added}: its price cannot be less than that.`);
    }
    const { listPrice: _previous, ...rest } = line;
    const listPrice = line.listPrice ?? line.unitPrice;
    return unitPrice === listPrice ? { ...rest, unitPrice } : { ...rest, unitPrice, listPrice };
  });
}

/**
 * [CART-5] Gives the cart the sale id an approval was signed for (kept if it has one: the id never changes
 * once drawn) and keeps the approval, when there is one.
 */
export function withSaleApproval(cart: Cart, saleId: string, approval: Approval | null): Cart {
  const id = cart.saleId ?? saleId;
  if (id !== saleId) throw new RangeError(`This cart is sale ${id}, not ${saleId}.`);
  return approval ? { ...cart, saleId: id, priceApproval: approval } : { ...cart, saleId: id };
}

/** [MOD-3] A product rung up with options: priced from its own price, which the line keeps as `basePrice`. */
export function withModifiers(product: ProductSnapshot, chosen: readonly ChosenModifier[]): ProductSnapshot {
  return {
    ...product,
    basePrice: product.unitPrice,
    modifiers: chosen,
    unitPrice: modifiedUnitPrice(product.unitPrice, chosen),
  };
}

/**
 * [MOD-3] The line's modifiers chosen again (edited from the line): its price follows them from the price it
 * was rung up at, and a cashier's price on it is dropped. None chosen leaves a plain line of the product.
 */
export function setLineModifiers(cart: Cart, lineId: string, chosen: readonly ChosenModifier[]): Cart {
  return updateLine(cart, lineId, (line) => {
    const { modifiers: _modifiers, basePrice: _base, listPrice: _list, ...rest } = line;
    const basePrice = line.basePrice ?? line.listPrice ?? line.unitPrice;
    return chosen.length === 0 && line.basePrice === undefined
      ? { ...rest, unitPrice: basePrice }
      : { ...rest, basePrice, modifiers: chosen, unitPrice: modifiedUnitPrice(basePrice, chosen) };
  });
}

export function removeLine(cart: Cart, lineId: string): Cart {
  return { ...cart, lines: cart.lines.filter((line) => line.lineId !== lineId) };
}

/** `undefined` removes the line's discount. */
export function setLineDiscount(cart: Cart, lineId: string, discount: Discount | undefined): Cart {
  return updateLine(cart, lineId, (line) => {
    const { discount: _previous, ...rest } = line;
    return discount === undefined ? rest : { ...rest, discount: assertDiscount(discount) };
  });
}

export function setCartDiscount(cart: Cart, discount: Discount | undefined): Cart {
  const { discount: _previous, ...rest } = cart;
  return discount === undefined ? rest : { ...rest, discount: assertDiscount(discount) };
}

/** An empty or blank note is no note. */
export function setNote(cart: Cart, note: string): Cart {
  const { note: _previous, ...rest } = cart;
  return note.trim() === '' ? rest : { ...rest, note };
}

export function setCustomer(cart: Cart, customerId: string | undefined): Cart {
  // [VAL-14] Points spent as a discount were the previous customer's: another customer starts without.
  const { customerId: previous, pointsDiscount, ...rest } = cart;
  const kept = previous === customerId && pointsDiscount ? { pointsDiscount } : {};
  return customerId === undefined ? rest : { ...rest, ...kept, customerId };
}

/** [VAL-14] [VAL-T73] Points taken off as a discount, or none. */
export function setPointsDiscount(cart: Cart, discount: PointsDiscount | undefined): Cart {
  const { pointsDiscount: _previous, ...rest } = cart;
  return discount === undefined ? rest : { ...rest, pointsDiscount: discount };
}
