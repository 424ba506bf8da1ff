// Parking the cart at the counter under a name and resuming a parked one later (CartStore keeps them on
// this device; they are not sales, so nothing here syncs).
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
  const [label, setLabel] = useState('');
  return (
    <section className="parked" aria-label="Parked carts">
      {canPark ? (
        <div className="parked__form">
          <label htmlFor="park-label" className="field__label">
            Name for the parked cart
          </label>
          <input
            id="park-label"
            className="field__input"
            value={label}
            placeholder="Table 4, blue coat…"
            onChange={(event) => {
              setLabel(event.target.value);
            }}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              onPark(label.trim() === '' ? 'Parked cart' : label.trim());
              setLabel('');
            }}
          >
            Park cart
          </button>
        </div>
      ) : null}
      {parked.length > 0 ? (
        <ul className="parked__list">
          {parked.map((stored) => (
            <li key={stored.id}>
              <button
                type="button"
                className="button button--ghost parked__resume"
                title={stored.label ?? undefined}
                onClick={() => {
                  onResume(stored.id);
                }}
              >
                <span className="parked__name">Resume {stored.label ?? 'parked cart'}</span>
                <span className="parked__count">({lineCount(stored.cart.lines.length)})</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const lineCount = (lines: number) => (lines === 1 ? '1 line' : `${String(lines)} lines`);
