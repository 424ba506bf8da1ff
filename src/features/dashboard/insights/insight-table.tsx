// One insight table, described once: the same columns make the visible table and its CSV export, so what a
// manager reads and what the spreadsheet gets never drift apart. Money goes to the CSV as plain decimals
// (report-csv.ts's moneyCell) and to the screen in the shop's currency; a missing figure is "—" and empty.
import { useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { toCsv, type CsvCell } from '../../../lib/csv';
import { downloadFile } from '../../../lib/download';
import { formatMoney } from '../../../lib/format-money';
import { numberFormat, screenLocale } from '../../../lib/i18n/intl';
import { Button } from '../../../ui/button';
import { DataTable, type Column } from '../../../ui/data-table';
import { moneyCell } from '../report-csv';

export type CellKind = 'text' | 'money' | 'number' | 'percent';

export interface InsightColumn<Row> {
  key: string;
  header: string;
  value: (row: Row) => string | number | null;
  /** How the column's cells read; a function where each row says (a comparison of unlike figures). */
  kind?: CellKind | ((row: Row) => CellKind);
}

function kindOf<Row>(column: InsightColumn<Row>, row: Row): CellKind {
  const kind = column.kind ?? 'text';
  return typeof kind === 'function' ? kind(row) : kind;
}

/** A cell as shown: money in the currency, numbers grouped, percentages with one decimal. */
export function shownCell(value: string | number | null, kind: CellKind, currency: string): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  if (kind === 'money') return formatMoney(value, currency);
  const locale = screenLocale();
  if (kind === 'percent') {
    // Rounded as before (toFixed), then written with the language's decimal sign.
    const percent = numberFormat(locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: false,
    });
    return `${percent.format(Number(value.toFixed(1)))} %`;
  }
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

function csvCell(value: string | number | null, kind: CellKind, currency: string): CsvCell {
  if (value === null) return '';
  if (kind === 'money' && typeof value === 'number') return moneyCell(value, currency);
  return value;
}

export function insightCsv<Row>(
  columns: readonly InsightColumn<Row>[],
  rows: readonly Row[],
  currency: string,
): string {
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => csvCell(column.value(row), kindOf(column, row), currency))),
  );
}

/** The columns as the screen's table shows them; the first names its row. */
export function shownColumns<Row>(columns: readonly InsightColumn<Row>[], currency: string): Column<Row>[] {
  return columns.map((column, index) => ({
    key: column.key,
    header: column.header,
    cell: (row) => shownCell(column.value(row), kindOf(column, row), currency),
    align: column.kind === undefined || column.kind === 'text' ? 'start' : 'end',
    rowHeader: index === 0,
  }));
}

export function InsightTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  currency,
  fileName,
  empty,
  note,
  firstRows,
}: {
  title: string;
  columns: readonly InsightColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  currency: string;
  /** The CSV's name without extension, e.g. "tillpoint-products-2026-11-01-to-2026-11-30". */
  fileName: string;
  empty: string;
  note?: ReactNode;
  /**
   * A long ranking shows its first rows and 'Show all N' (the busiest hours: a month has some 90), so one
   * table does not make the page thousands of pixels long; the CSV always has every row.
   */
  firstRows?: number;
}) {
  const { t, i18n } = useLingui();
  const shown = shownColumns(columns, currency);
  const [all, setAll] = useState(false);
  const cut = firstRows !== undefined && !all && rows.length > firstRows;
  const total = rows.length;
  const visible = cut ? rows.slice(0, firstRows) : rows;
  // The title mid-sentence: lower case in English, Spanish and French; German nouns keep their capital.
  const table = i18n.locale === 'de' ? title : title.charAt(0).toLocaleLowerCase() + title.slice(1);
  return (
    <section className="panel insight-table" aria-label={title}>
      <h3 className="panel__title">{title}</h3>
      {note ? <p className="insight-table__note">{note}</p> : null}
      <div className="insight-table__scroll">
        <DataTable columns={shown} rows={visible} rowKey={rowKey} label={title} empty={empty} />
      </div>
      {cut ? (
        <Button
          variant="ghost"
          onPress={() => {
            setAll(true);
          }}
        >
          {plural(total, { one: 'Show all #', other: 'Show all #' })}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        isDisabled={rows.length === 0}
        onPress={() => {
          downloadFile(`${fileName}.csv`, insightCsv(columns, rows, currency), 'text/csv');
        }}
      >
        {t`Export ${table} as CSV`}
      </Button>
    </section>
  );
}
