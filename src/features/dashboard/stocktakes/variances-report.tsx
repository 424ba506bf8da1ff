// The tab 'Variances' ([PUR-41]): what approved stocktakes found between 'From' and 'To' (days in the shop's
// time zone), product by product, with 'Export CSV'. Money in the shop's currency through Intl.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type SyntheticEvent } from 'react';
import { formatQuantity } from '../../../domain/quantity';
import { addDays, dayIn } from '../../../lib/calendar';
import { formatMoney } from '../../../lib/format-money';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { DataTable, type Column } from '../../../ui/data-table';
import { DayField } from '../../../ui/day-field';
import { ExportCsvButton } from '../../../ui/export-csv-button';
import { useWhen } from '../../../ui/when';
import { dayRange } from '../../../ui/day-range';
import { signedQuantity } from './stocktake-words';
import { useShopList } from './use-shop-list';
import type { StocktakesDeps, VarianceRow } from './stocktakes-deps';
import { variancesCsv, variancesFileName } from './variances-csv';

export function VariancesReport({ deps }: { deps: StocktakesDeps }) {
  const { t } = useLingui();
  const when = useWhen();
  const today = dayIn(deps.timeZone);
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const [shown, setShown] = useState<{ from: string; to: string; rows: VarianceRow[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stores = useShopList(deps, 'stores');
  const storeName = (storeId: string) => stores.data?.find((store) => store.id === storeId)?.name ?? '';

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const range = dayRange(from, to, deps.timeZone);
    if (range.problem !== undefined) {
      setProblem(range.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    const read = await deps.remote.variances(range.from, range.to);
    setBusy(false);
    if (!read.ok) {
      setProblem(read.error.message);
      return;
    }
    setShown({ from, to, rows: read.value });
  };

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
      <form
        className="stocktakes__range"
        noValidate
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <DayField label={t`From`} value={from} onChange={setFrom} />
        <DayField label={t`To`} value={to} onChange={setTo} />
        <Button type="submit" isDisabled={busy}>
          <Trans>Show report</Trans>
        </Button>
      </form>
      {problem ? <Alert>{problem}</Alert> : null}
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
