// The back-office lists' table: columns in, an accessible <table> out. Short lists render every row; a long
// one (above `virtualiseAbove`) renders only the rows in view (@tanstack/react-virtual) and stays a real
// table — spacer rows keep the scroll height, aria-rowcount/aria-rowindex give assistive technology the
// full size — so screen readers and tests read the same table either way. On a narrow box the same table
// leaves out its minor columns or shows each row as a card (use-table-mode.ts): only a class changes, never
// the rows or cells, so what a screen reader or a test reads is the same at every width.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { COLUMN_ROOM, useTableMode, type TableFit, type TableMode } from './use-table-mode';
import './data-table.css';

export interface Column<Row> {
  /** Stable and unique among the columns (React key). */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
  align?: 'start' | 'end';
  /** The cell names its row: a <th scope="row"> instead of a <td>. */
  rowHeader?: boolean;
  /**
   * A fixed width (a CSS length) for a column whose content must never be cut, like a price: a long table
   * lays out its columns evenly and cuts what does not fit.
   */
  width?: string;
  /** Left out when the table is short of room ('compact'); still a line of each card on a phone. */
  minor?: boolean;
  /** The column's name on a card's line, when the header is not plain text. */
  label?: string;
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The table's accessible name (aria-label). */
  label: string;
  /** Shown instead of the table when there are no rows; null shows nothing. */
  empty: ReactNode;
  className?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** Row count above which only the rows in view are rendered. */
  virtualiseAbove?: number;
  /** The height the virtualiser assumes per row; the CSS gives long tables' rows this height. */
  rowHeight?: number;
  /** The box widths below which minor columns are left out and rows become cards. */
  fit?: TableFit;
}

const VIRTUALISE_ABOVE = 200;
const ROW_HEIGHT = 44;

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, empty, virtualiseAbove = VIRTUALISE_ABOVE } = props;
  if (rows.length === 0) return empty === null ? null : <p className="data-table__empty">{empty}</p>;
  return rows.length > virtualiseAbove ? <VirtualTable {...props} /> : <PlainTable {...props} />;
}

function tableClass(className: string | undefined, long: boolean, mode: TableMode) {
  return [
    'data-table',
    long ? 'data-table--long' : '',
    mode === 'table' ? '' : `data-table--${mode}`,
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

function Head<Row>({ columns, virtual }: { columns: readonly Column<Row>[]; virtual: boolean }) {
  return (
    <thead>
      <tr aria-rowindex={virtual ? 1 : undefined}>
        {columns.map((column) => (
          <th
            key={column.key}
            scope="col"
            className={cellClass(column)}
            style={column.width === undefined ? undefined : { width: column.width }}
          >
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function cellClass<Row>(column: Column<Row>): string | undefined {
  const classes = [column.align === 'end' ? 'data-table__end' : '', column.className ?? ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/** What a card's line says before the value (CSS `attr(data-label)`). */
function cardLabel<Row>(column: Column<Row>): string | undefined {
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

function BodyRow<Row>({
  row,
  columns,
  rowClassName,
  rowIndex,
  height,
  measure,
}: {
  row: Row;
  columns: readonly Column<Row>[];
  rowClassName: ((row: Row) => string | undefined) | undefined;
  rowIndex?: number;
  height?: number;
  /** A card's height is its content's: the virtualiser measures it. */
  measure?: ((element: HTMLTableRowElement | null) => void) | undefined;
}) {
  return (
    <tr
      ref={measure}
      data-index={rowIndex === undefined ? undefined : rowIndex - 2}
      className={rowClassName?.(row)}
      aria-rowindex={rowIndex}
      style={height === undefined || measure ? undefined : { height }}
    >
      {columns.map((column) => {
        const content = column.cell(row);
        // A long table cuts text that does not fit (an ellipsis): its title shows it whole on hover.
        const title = height !== undefined && typeof content === 'string' ? content : undefined;
        return column.rowHeader ? (
          <th key={column.key} scope="row" className={cellClass(column)} title={title}>
            {content}
          </th>
        ) : (
          <td key={column.key} className={cellClass(column)} title={title} data-label={cardLabel(column)}>
            {content}
          </td>
        );
      })}
    </tr>
  );
}

/**
 * How the table in `box` fits (its own fit, or cards under 5rem a column) and the columns it then shows: short
 * of room ('compact'), not the minor ones.
 */
function useFittedColumns<Row>(
  box: RefObject<HTMLElement | null>,
  all: readonly Column<Row>[],
  fit: TableFit | undefined,
): { mode: TableMode; columns: readonly Column<Row>[] } {
  const mode = useTableMode(box, { cardsBelow: all.length * COLUMN_ROOM, ...fit });
  return { mode, columns: mode === 'compact' ? all.filter((column) => !column.minor) : all };
}

function PlainTable<Row>({
  columns: all,
  rows,
  rowKey,
  label,
  className,
  rowClassName,
  fit,
}: DataTableProps<Row>) {
  const box = useRef<HTMLDivElement>(null);
  const { mode, columns } = useFittedColumns(box, all, fit);
  return (
    <div ref={box} className="data-table__box">
      <table className={tableClass(className, false, mode)} aria-label={label}>
        <Head columns={columns} virtual={false} />
        <tbody>
          {rows.map((row) => (
            <BodyRow key={rowKey(row)} row={row} columns={columns} rowClassName={rowClassName} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A card's height before it is measured: a title and a line per column. */
function cardHeight(columns: number): number {
  return 24 + columns * 28;
}

function VirtualTable<Row>({
  columns: all,
  rows,
  rowKey,
  label,
  className,
  rowClassName,
  rowHeight = ROW_HEIGHT,
  fit,
}: DataTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const { mode, columns } = useFittedColumns(scroller, all, fit);
  const cards = mode === 'cards';
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (cards ? cardHeight(columns.length) : rowHeight),
    overscan: 10,
    // Before the list is measured (and in tests, where nothing has a size) assume a screenful.
    initialRect: { width: 900, height: 600 },
  });
  // Sizes measured as cards are wrong for table rows and the other way round: measure again on a change.
  useEffect(() => {
    virtualizer.measure();
  }, [cards, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <div ref={scroller} className="data-table__scroll">
      <table className={tableClass(className, true, mode)} aria-label={label} aria-rowcount={rows.length + 1}>
        <Head columns={columns} virtual />
        <tbody>
          <Spacer height={before} columns={columns.length} />
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <BodyRow
                key={rowKey(row)}
                row={row}
                columns={columns}
                rowClassName={rowClassName}
                rowIndex={item.index + 2}
                height={rowHeight}
                measure={cards ? virtualizer.measureElement : undefined}
              />
            );
          })}
          <Spacer height={after} columns={columns.length} />
        </tbody>
      </table>
    </div>
  );
}

/** The height of the rows not rendered, so the scrollbar matches the whole list. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
