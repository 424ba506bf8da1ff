// What the promotions gave over a range of days (the shop's days): each promotion's uses, the discount the
// tills gave, the server's answer beside it, and the value of the sales it touched, exportable as CSV. The
// figures come from one data function (deps.report), so a server-side report can replace it.
import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type SyntheticEvent } from 'react';
import type { PromotionFigures } from '../../../data/remote/promotion-report';
import type { PromotionRow } from '../../../data/remote/promotion-rows';
import { addDays, dayIn } from '../../../lib/calendar';
import { formatMoney } from '../../../lib/format-money';
import { toCsv } from '../../../lib/csv';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ExportCsvButton } from '../../../ui/export-csv-button';
import { DataTable, type Column } from '../../../ui/data-table';
import { DayField } from '../../../ui/day-field';
import { dayRange } from '../../../ui/day-range';
import { priceText as moneyCell } from '../product-fields';
import type { PromotionsDeps } from './promotions-deps';

interface ReportRow extends PromotionFigures {
  name: string;
}

export function reportCsv(rows: readonly ReportRow[], currency: string): string {
  return toCsv(
    [
      tNow`Promotion`,
      tNow`Uses`,
      tNow`Discount given`,
      tNow`Discount (server)`,
      tNow`Sales touched`,
      tNow`Taken off`,
    ],
    rows.map((row) => [
      row.name,
      row.uses,
      moneyCell(row.discount, currency),
      moneyCell(row.serverDiscount, currency),
      moneyCell(row.salesTotal, currency),
      row.removed,
    ]),
  );
}

export default function PromotionReport({
  deps,
  promotions,
  onClose,
}: {
  deps: PromotionsDeps;
  promotions: readonly PromotionRow[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const today = dayIn(deps.timeZone);
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [rows, setRows] = useState<ReportRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatMoney(minor, deps.currency);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const range = dayRange(from, to, deps.timeZone);
    if (range.problem !== undefined) {
      setProblem(range.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    const figures = await deps.report(range.from, range.to);
    setBusy(false);
    if (!figures.ok) {
      setProblem(figures.error.message);
      return;
    }
    const names = new Map(promotions.map((promotion) => [promotion.id, promotion.name]));
    setRows(
      figures.value.map((row) => ({ ...row, name: names.get(row.promotionId) ?? t`A deleted promotion` })),
    );
  };

  const columns: Column<ReportRow>[] = [
    { key: 'name', header: t`Promotion`, cell: (row) => row.name, rowHeader: true },
    { key: 'uses', header: t`Uses`, align: 'end', cell: (row) => row.uses },
    { key: 'discount', header: t`Discount given`, align: 'end', cell: (row) => money(row.discount) },
    {
      key: 'server',
      header: t`Discount (server)`,
      align: 'end',
      minor: true,
      cell: (row) => money(row.serverDiscount),
    },
    { key: 'sales', header: t`Sales touched`, align: 'end', cell: (row) => money(row.salesTotal) },
    { key: 'removed', header: t`Taken off`, align: 'end', minor: true, cell: (row) => row.removed },
  ];
  return (
    <section className="promotion-report card" aria-label={t`Promotions report`}>
      <h2 className="card__title">
        <Trans>Promotions report</Trans>
      </h2>
      <form
        className="promotion-report__form"
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
      >
        <DayField label={t`From`} value={from} onChange={setFrom} />
        <DayField label={t`To`} value={to} onChange={setTo} />
        <Button type="submit" isDisabled={busy}>
          <Trans>Show report</Trans>
        </Button>
      </form>
      {problem ? <Alert>{problem}</Alert> : null}
      {rows ? (
        <>
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.promotionId}
            label={t`Promotions report`}
            empty={t`No promotion was used on a sale in these days.`}
          />
          {rows.length > 0 ? (
            <ExportCsvButton
              download={deps.download}
              fileName={`tillpoint-promotions-${from}-to-${to}.csv`}
              csv={() => reportCsv(rows, deps.currency)}
            />
          ) : null}
        </>
      ) : null}
      <Button variant="secondary" onPress={onClose}>
        <Trans>Close</Trans>
      </Button>
    </section>
  );
}
