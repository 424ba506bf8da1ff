// The tab 'Variances' ([PUR-41]): what approved stocktakes found between 'From' and 'To' (days in the shop's
// time zone), product by product, with 'Export CSV'. Money in the shop's currency through Intl.
import { useLingui } from '@lingui/react/macro';
import { formatQuantity } from '../../../domain/quantity';
import { formatMoney } from '../../../lib/format-money';
import { DataTable, type Column } from '../../../ui/data-table';
import { DayRangeForm, useDayRangeReport } from '../../../ui/day-range-report';
import { ExportCsvButton } from '../../../ui/export-csv-button';
import { useWhen } from '../../../ui/when';
import { signedQuantity } from './stocktake-words';
import { useShopList } from './use-shop-list';
import type { StocktakesDeps, VarianceRow } from './stocktakes-deps';
import { variancesCsv, variancesFileName } from './variances-csv';

export function VariancesReport({ deps }: { deps: StocktakesDeps }) {
  const { t } = useLingui();
  const when = useWhen();
  const report = useDayRangeReport(deps.timeZone, deps.remote.variances);
  const { shown } = report;
  const stores = useShopList(deps, 'stores');
  const storeName = (storeId: string) => stores.data?.find((store) => store.id === storeId)?.name ?? '';

  const columns: Column<VarianceRow>[] = [
    { key: 'product', header: t`Product`, rowHeader: true, cell: (row) => row.name },
    { key: 'stocktake', header: t`Stocktake`, cell: (row) => row.number, minor: true },
    { key: 'store', header: t`Store`, cell: (row) => storeName(row.storeId), minor: true },
    { key: 'approved', header: t`Approved`, cell: (row) => when(row.approvedAt, 'date'), minor: true },
    { key: 'expected', header: t`Expected`, align: 'end', cell: (row) => formatQuantity(row.expected) },
    { key: 'counted', header: t`Counted`, align: 'end', cell: (row) => formatQuantity(row.counted) },
    { key: 'variance', header: t`Variance`, align: 'end', cell: (row) => signedQuantity(row.variance) },
    {
      key: 'value',
      header: t`Variance value`,
      align: 'end',
      cell: (row) => (row.varianceValue === null ? '' : formatMoney(row.varianceValue, deps.currency)),
    },
  ];
  return (
    <section className="stocktakes__variances card" aria-label={t`Variances`}>
      <DayRangeForm report={report} />
      {shown ? (
        <>
          <DataTable
            columns={columns}
            rows={shown.rows}
            rowKey={(row) => `${row.stocktakeId}:${row.productId}`}
            label={t`Variances`}
            empty={<p>{t`No stocktake was approved in these days.`}</p>}
          />
          {shown.rows.length > 0 ? (
            <ExportCsvButton
              download={deps.download}
              fileName={variancesFileName(shown.from, shown.to)}
              csv={() => variancesCsv(shown.rows, storeName, deps.currency)}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
