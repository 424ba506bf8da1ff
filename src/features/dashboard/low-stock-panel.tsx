// The dashboard's Low stock card: the first few products, one line each (a long name is cut, whole in its
// title), the figures in their own narrow columns so they never overflow, and "See all" to the products
// list filtered to low stock when there are more.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { LowStockRow } from '../../data/remote/reports';

const SHOWN = 8;

export function LowStockPanel({ rows }: { rows: readonly LowStockRow[] }) {
  const { t } = useLingui();
  const shown = rows.slice(0, SHOWN);
  const count = shown.length;
  const total = rows.length;
  return (
    <section className="panel" aria-label={t`Low stock`}>
      <h2 className="panel__title">
        <Trans>Low stock</Trans>
      </h2>
      {rows.length === 0 ? (
        <p className="panel__empty">
          <Trans>Nothing is low on stock.</Trans>
        </p>
      ) : (
        <table className="low-stock">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Product</Trans>
              </th>
              <th scope="col" className="low-stock__figure">
                <Trans>Left</Trans>
              </th>
              <th scope="col" className="low-stock__figure">
                <Trans>Reorder at</Trans>
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
            <Trans>
              {count} of {total}.
            </Trans>
          </span>{' '}
          <Link to="/dashboard/products" search={{ stock: 'low' }} className="touch-link">
            <Trans>See all</Trans>
          </Link>
        </p>
      ) : null}
    </section>
  );
}
