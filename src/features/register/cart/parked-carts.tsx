// Parking the cart at the counter under a name and resuming a parked one later (CartStore keeps them on
// this device; they are not sales, so nothing here syncs).
import { Trans, Plural, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StoredCart } from '../../../data/local/cart-store';

export function ParkedCarts({
  canPark,
  parked,
  onPark,
  onResume,
}: {
  canPark: boolean;
  parked: readonly StoredCart[];
  onPark: (label: string) => void;
  onResume: (id: string) => void;
}) {
  const { t } = useLingui();
  const [label, setLabel] = useState('');
  return (
    <section className="parked" aria-label={t`Parked carts`}>
      {canPark ? (
        <div className="parked__form">
          <label htmlFor="park-label" className="field__label">
            <Trans>Name for the parked cart</Trans>
          </label>
          <input
            id="park-label"
            className="field__input"
            value={label}
            placeholder={t`Table 4, blue coat…`}
            onChange={(event) => {
              setLabel(event.target.value);
            }}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              onPark(label.trim() === '' ? t`Parked cart` : label.trim());
              setLabel('');
            }}
          >
            <Trans>Park cart</Trans>
          </button>
        </div>
      ) : null}
      {parked.length > 0 ? (
        <ul className="parked__list">
          {parked.map((stored) => {
            const name = stored.label ?? t`parked cart`;
            const lines = stored.cart.lines.length;
            return (
              <li key={stored.id}>
                <button
                  type="button"
                  className="button button--ghost parked__resume"
                  title={stored.label ?? undefined}
                  onClick={() => {
                    onResume(stored.id);
                  }}
                >
                  <span className="parked__name">
                    <Trans>Resume {name}</Trans>
                  </span>
                  <span className="parked__count">
                    <Plural value={lines} one="(# line)" other="(# lines)" />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
