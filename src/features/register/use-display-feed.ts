// The register tells the customer display what it shows: the cart while it is built, the amount to pay while
// the cashier takes payment, the thank-you with the change once the sale is done, and idle when it leaves.
import { useEffect } from 'react';
import type { PricedCart } from '../../domain/cart';
import type { Settlement } from '../../domain/tender';
import { displayFeed, type DisplayFeed } from '../../data/devices/customer-display-feed';
import { basketOf, doneOf } from '../../domain/customer-display';
import { shopIntlLocale } from '../../lib/i18n/shop-i18n';

export type RegisterView =
  | { kind: 'cart' }
  | { kind: 'paying' }
  | { kind: 'receipt'; sale: { receiptNo: string; settlement: Settlement } };

export function useDisplayFeed(
  view: RegisterView,
  priced: PricedCart,
  currency: string,
  feed: DisplayFeed = displayFeed,
): void {
  useEffect(() => {
    feed.show(
      view.kind === 'receipt'
        ? doneOf(view.sale, currency)
        : basketOf(view.kind, priced, currency, shopIntlLocale()),
    );
  }, [feed, view, priced, currency]);
  useEffect(
    () => () => {
      feed.show({ kind: 'idle', shop: null });
    },
    [feed],
  );
}
