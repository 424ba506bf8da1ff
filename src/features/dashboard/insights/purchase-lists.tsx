// Insights → Inventory's purchase list ([INS-4], [INS-11]): the reorder list under a heading per supplier with
// the lead time it was ordered for ("No supplier" last), each group with its total and an 'Export purchase
// list' button for the CSV that supplier gets (purchase-list.ts); and the whole list in one CSV, as before.
import { useMemo } from 'react';
import type { Period } from '../../../data/remote/insights';
import { downloadFile } from '../../../lib/download';
import { formatMoney } from '../../../lib/format-money';
import { leadTimeText } from '../../../lib/lead-time';
import { Button } from '../../../ui/button';
import { DataTable } from '../../../ui/data-table';
import { fileNameFor } from './insight-parts';
import { insightCsv, shownColumns, type InsightColumn } from './insight-table';
import {
  groupTotal,
  purchaseGroups,
  purchaseListCsv,
  purchaseListFileName,
  type PurchaseGroup,
  type ReorderRow,
} from './purchase-list';

const COLUMNS: InsightColumn<ReorderRow>[] = [
  { key: 'name', header: 'Product', value: (row) => row.name },
  { key: 'sku', header: 'SKU', value: (row) => row.sku },
  { key: 'supplier', header: 'Supplier', value: (row) => row.supplier ?? 'No supplier' },
  { key: 'stock', header: 'In stock', value: (row) => row.on_hand, kind: 'number' },
  { key: 'per-day', header: 'Sold per day', value: (row) => row.per_day, kind: 'number' },
  { key: 'point', header: 'Reorder point', value: (row) => row.reorder_point, kind: 'number' },
  { key: 'order', header: 'Order', value: (row) => row.order_quantity, kind: 'number' },
  { key: 'cost', header: 'Order cost', value: (row) => row.order_cost, kind: 'money' },
];
/** Within a supplier's group the supplier column says nothing new. */
const GROUP_COLUMNS = COLUMNS.filter((column) => column.key !== 'supplier');

export function PurchaseLists({
  rows,
  period,
  currency,
  note,
}: {
  rows: readonly ReorderRow[];
  period: Period;
  currency: string;
  note: string;
}) {
  const groups = useMemo(() => purchaseGroups(rows), [rows]);
  const title = 'Purchase list';
  return (
    <section className="panel insight-table purchase-lists" aria-label={title}>
      <h3 className="panel__title">{title}</h3>
      <p className="insight-table__note">{note}</p>
      {groups.length === 0 ? <p>Nothing to reorder: every product is above its reorder point.</p> : null}
      {groups.map((group) => (
        <SupplierGroup key={group.supplierId ?? ''} group={group} period={period} currency={currency} />
      ))}
      <Button
        variant="secondary"
        isDisabled={rows.length === 0}
        onPress={() => {
          downloadFile(
            `${fileNameFor('purchase-list', period)}.csv`,
            insightCsv(COLUMNS, rows, currency),
            'text/csv',
          );
        }}
      >
        Export purchase list as CSV
      </Button>
    </section>
  );
}

function SupplierGroup({
  group,
  period,
  currency,
}: {
  group: PurchaseGroup;
  period: Period;
  currency: string;
}) {
  const { total, uncosted } = groupTotal(group);
  const label = `Purchase list: ${group.name}`;
  return (
    <section className="purchase-lists__group" aria-label={label}>
      <h4 className="purchase-lists__supplier">
        {group.name} <span className="purchase-lists__lead">— lead time {leadTimeText(group.leadDays)}</span>
      </h4>
      <div className="insight-table__scroll">
        <DataTable
          columns={shownColumns(GROUP_COLUMNS, currency)}
          rows={group.rows}
          rowKey={(row) => row.product_id}
          label={label}
          empty=""
        />
      </div>
      <p className="purchase-lists__total">
        {`Total ${formatMoney(total, currency)}`}
        {uncosted === 0 ? '' : ` (${String(uncosted)} without a cost not counted)`}
      </p>
      <Button
        variant="secondary"
        onPress={() => {
          downloadFile(
            `${purchaseListFileName(group, period)}.csv`,
            purchaseListCsv(group, currency),
            'text/csv',
          );
        }}
      >
        Export purchase list
      </Button>
    </section>
  );
}
