// The detail under today's figures: sales by hour, top products, payment mix and what is low on stock.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Glance } from '../../data/remote/reports';
import { UNVERIFIED_CARD_WORDS } from '../../domain/card-tender';
import { formatMoney } from '../../lib/format-money';
import { BarChart } from './bar-chart';
import { tenderName } from './figures';
import { LowStockPanel } from './low-stock-panel';

export function GlancePanels({ glance, currency }: { glance: Glance; currency: string }) {
  const { t } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency);
  // Opening hours only: from the first to the last hour with a sale (or 8–18 on a quiet day).
  const busy = glance.hours.filter((hour) => hour.salesCount > 0).map((hour) => hour.hour);
  const first = Math.min(8, ...busy);
  const last = Math.max(18, ...busy);
  const hours = glance.hours.filter((hour) => hour.hour >= first && hour.hour <= last);
  return (
    <div className="panel-grid">
      <section className="panel panel--wide" aria-label={t`Sales by hour`}>
        <BarChart
          title={t`Sales by hour`}
          empty={t`No sales yet today.`}
          bars={hours.map((hour) => {
            const amount = money(hour.netTotal);
            const sales = hour.salesCount;
            return {
              label: String(hour.hour).padStart(2, '0'),
              value: hour.netTotal,
              text: plural(sales, {
                one: `${amount} from # sale`,
                other: `${amount} from # sales`,
              }),
            };
          })}
        />
      </section>
      <FigureList
        title={t`Top products`}
        empty={t`No sales yet today.`}
        rows={glance.topProducts.map((product) => {
          const amount = money(product.netTotal);
          const quantity = product.quantity;
          return { key: product.productId, name: product.name, value: t`${amount} · ${quantity} sold` };
        })}
      />
      <FigureList
        title={t`Payment mix`}
        empty={t`No payments yet today.`}
        rows={glance.paymentMix.flatMap((tender) => {
          const row = {
            key: tender.method,
            name: tenderName(tender.method),
            value: `${money(tender.netAmount)} · ${String(tender.count)}`,
          };
          // [FLAGUI-6] Under Card, the part no reader payment stands behind: only the terminal's records
          // confirm it.
          const unverified = glance.unverifiedCard;
          if (tender.method !== 'card' || !unverified || unverified.count === 0) return [row];
          return [
            row,
            {
              key: 'card-unverified',
              name: t(UNVERIFIED_CARD_WORDS),
              value: `${money(unverified.amount)} · ${String(unverified.count)}`,
              className: 'figure-list__row--unverified',
            },
          ];
        })}
      />
      <LowStockPanel rows={glance.lowStock} />
    </div>
  );
}

interface FigureRow {
  key: string;
  name: string;
  value: string;
  /** A row that qualifies the one above it (shown indented and in the warning colour). */
  className?: string;
}

function FigureList({ title, empty, rows }: { title: string; empty: string; rows: readonly FigureRow[] }) {
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      {rows.length === 0 ? (
        <p className="panel__empty">{empty}</p>
      ) : (
        <ul className="figure-list">
          {rows.map((row) => (
            <li key={row.key} className={`figure-list__row${row.className ? ` ${row.className}` : ''}`}>
              <span className="figure-list__name" title={row.name}>
                {row.name}
              </span>
              <span className="figure-list__value">{row.value}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
