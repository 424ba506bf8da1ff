// The dashboard's Low stock card: the first few products, one line each (a long name is cut, whole in its
// title), the figures in their own narrow columns so they never overflow, and "See all" to the products
// list filtered to low stock when there are more.
import { Link } from '@tanstack/react-router';
import type { LowStockRow } from '../../data/remote/reports';

const SHOWN = 8;

export function LowStockPanel({ rows }: { rows: readonly LowStockRow[] }) {
  const shown = rows.slice(0, SHOWN);
  return (
    <section className="panel" aria-label="Low stock">
      <h2 className="panel__title">Low stock</h2>
      {rows.length === 0 ? (
        <p className="panel__empty">Nothing is low on stock.</p>
      ) : (
        <table className="low-stock">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="low-stock__figure">
                Left
              </th>
              <th scope="col" className="low-stock__figure">
                Reorder at
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={`${row.storeId}:${row.productId}`} data-warn={row.onHand < 0 || undefined}>
                <th scope="row" className="low-stock__name" title={row.name}>
                  {row.name}
                </th>
                <td className="low-stock__figure low-stock__left">{String(row.onHand)}</td>
                <td className="low-stock__figure">
                  {row.reorderLevel === null ? '—' : String(row.reorderLevel)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > shown.length ? (
        <p className="low-stock__more">
          <span>
            {shown.length} of {rows.length}.
          </span>{' '}
          <Link to="/dashboard/products" search={{ stock: 'low' }} className="touch-link">
            See all
          </Link>
        </p>
      ) : null}
    </section>
  );
}
