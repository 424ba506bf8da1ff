// Insights → when the shop sells ([INS-3]): hours down, weekdays across, each cell shaded by its share of the
// busiest cell and carrying its figure, so the table is the picture and a screen reader reads the same
// figures. Only the hours from the first to the last with any sale are shown, which keeps it short on a phone.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Heatmap as HeatmapData } from '../../../data/remote/insights';
import { formatMoney } from '../../../lib/format-money';
import { dateFormat, screenLocale } from '../../../lib/i18n/intl';
import { InsightTable } from './insight-table';

/** Monday first, as the server counts them (1 = Monday); short names in the language shown. */
function weekdayNames(): string[] {
  const short = dateFormat(screenLocale(), { weekday: 'short', timeZone: 'UTC' });
  // 2026-11-16 is a Monday.
  return Array.from({ length: 7 }, (_, index) => short.format(Date.UTC(2026, 10, 16 + index)));
}
const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function Heatmap({
  heatmap,
  currency,
  fileName,
}: {
  heatmap: HeatmapData;
  currency: string;
  fileName: string;
}) {
  const { t } = useLingui();
  const weekdays = weekdayNames();
  const busy = heatmap.cells.filter((cell) => cell.sales_count > 0);
  const first = Math.min(...busy.map((cell) => cell.hour));
  const last = Math.max(...busy.map((cell) => cell.hour));
  const most = Math.max(1, ...busy.map((cell) => cell.sales_count));
  const cell = (weekday: number, hour: number) =>
    heatmap.cells.find((one) => one.weekday === weekday && one.hour === hour);
  const ranked = [...busy].sort(
    (a, b) => b.sales_count - a.sales_count || a.weekday - b.weekday || a.hour - b.hour,
  );
  const net = formatMoney(
    busy.reduce((sum, row) => sum + row.net_total, 0),
    currency,
  );
  const hours =
    busy.length === 0 ? [] : Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <div className="panel-grid">
      <section className="panel heatmap" aria-labelledby="heatmap-title">
        <h3 className="panel__title" id="heatmap-title">
          <Trans>Sales by hour and weekday</Trans>
        </h3>
        {hours.length === 0 ? (
          <p className="panel__empty">
            <Trans>No sales in this period.</Trans>
          </p>
        ) : (
          <table className="heatmap__table">
            <caption className="visually-hidden">
              <Trans>Number of sales by hour (rows) and weekday (columns)</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Hour</Trans>
                </th>
                {weekdays.map((day) => (
                  <th key={day} scope="col">
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hours.map((hour) => (
                <tr key={hour}>
                  <th scope="row">{hourName(hour)}</th>
                  {weekdays.map((day, index) => {
                    const sales = cell(index + 1, hour)?.sales_count ?? 0;
                    const strength = Math.round((sales / most) * 100);
                    return (
                      <td
                        key={day}
                        className="heatmap__cell"
                        style={{
                          background: `color-mix(in srgb, var(--color-brand) ${String(strength)}%, transparent)`,
                        }}
                        data-strong={strength > 55 ? '' : undefined}
                      >
                        {sales}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <InsightTable
        title={t`Hours and weekdays`}
        rows={ranked}
        rowKey={(row) => `${String(row.weekday)}-${String(row.hour)}`}
        currency={currency}
        fileName={fileName}
        empty={t`No sales in this period.`}
        firstRows={12}
        note={t`The busiest hours first. Net sales ${net} in these hours.`}
        columns={[
          {
            key: 'when',
            header: t`When`,
            value: (row) => `${weekdays[row.weekday - 1] ?? ''} ${hourName(row.hour)}`,
          },
          { key: 'sales', header: t`Sales`, value: (row) => row.sales_count, kind: 'number' },
          { key: 'net', header: t`Net sales`, value: (row) => row.net_total, kind: 'money' },
        ]}
      />
    </div>
  );
}
