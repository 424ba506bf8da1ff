// Insights → Inventory's purchase list ([INS-4], [INS-11]): the reorder list under a heading per supplier with
// the lead time it was ordered for ("No supplier" last), each group with its total and an 'Export purchase
// list' button for the CSV that supplier gets (purchase-list.ts); and the whole list in one CSV, as before.
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Period } from '../../../data/remote/insights';
import { downloadFile } from '../../../lib/download';
import { formatMoney } from '../../../lib/format-money';
import { useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import type { DraftOrderPort } from './draft-order';
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

/** The reorder list's columns, in the language shown now (a function: words are looked up when shown). */
function reorderColumns(): InsightColumn<ReorderRow>[] {
  return [
    { key: 'name', header: t`Product`, value: (row) => row.name },
    { key: 'sku', header: t`SKU`, value: (row) => row.sku },
    { key: 'supplier', header: t`Supplier`, value: (row) => row.supplier ?? t`No supplier` },
    { key: 'stock', header: t`In stock`, value: (row) => row.on_hand, kind: 'number' },
    { key: 'on-order', header: t`On order`, value: (row) => row.on_order, kind: 'number' },
    { key: 'in-transit', header: t`In transit`, value: (row) => row.in_transit, kind: 'number' },
    { key: 'per-day', header: t`Sold per day`, value: (row) => row.per_day, kind: 'number' },
    { key: 'point', header: t`Reorder point`, value: (row) => row.reorder_point, kind: 'number' },
    { key: 'order', header: t`Order`, value: (row) => row.order_quantity, kind: 'number' },
    { key: 'cost', header: t`Order cost`, value: (row) => row.order_cost, kind: 'money' },
  ];
}

export function PurchaseLists({
  rows,
  period,
  currency,
  note,
  draftOrder,
}: {
  rows: readonly ReorderRow[];
  period: Period;
  currency: string;
  note: string;
  /** 'Draft order' per supplier group; absent where orders cannot be drafted. */
  draftOrder?: DraftOrderPort | undefined;
}) {
  const { t: tr } = useLingui();
  // Not memoised: "No supplier" is named in the language shown, and grouping a reorder list is cheap.
  const groups = purchaseGroups(rows);
  const title = tr`Purchase list`;
  return (
    <section className="panel insight-table purchase-lists" aria-label={title}>
      <h3 className="panel__title">{title}</h3>
      <p className="insight-table__note">{note}</p>
      {groups.length === 0 ? (
        <p>
          <Trans>Nothing to reorder: every product is above its reorder point.</Trans>
        </p>
      ) : null}
      {groups.map((group) => (
        <SupplierGroup
          key={group.supplierId ?? ''}
          group={group}
          period={period}
          currency={currency}
          draftOrder={draftOrder}
        />
      ))}
      <Button
        variant="secondary"
        isDisabled={rows.length === 0}
        onPress={() => {
          downloadFile(
            `${fileNameFor('purchase-list', period)}.csv`,
            insightCsv(reorderColumns(), rows, currency),
            'text/csv',
          );
        }}
      >
        <Trans>Export purchase list as CSV</Trans>
      </Button>
    </section>
  );
}

function SupplierGroup({
  group,
  period,
  currency,
  draftOrder,
}: {
  group: PurchaseGroup;
  period: Period;
  currency: string;
  draftOrder: DraftOrderPort | undefined;
}) {
  const { t: tr } = useLingui();
  const { total, uncosted } = groupTotal(group);
  const name = group.name;
  const label = tr`Purchase list: ${name}`;
  const lead = group.leadDays;
  const amount = formatMoney(total, currency);
  // Within a supplier's group the supplier column says nothing new.
  const columns = reorderColumns().filter((column) => column.key !== 'supplier');
  return (
    <section className="purchase-lists__group" aria-label={label}>
      <h4 className="purchase-lists__supplier">
        {name}{' '}
        <span className="purchase-lists__lead">
          {plural(lead, {
            0: '— lead time same day',
            one: '— lead time # day',
            other: '— lead time # days',
          })}
        </span>
      </h4>
      <div className="insight-table__scroll">
        <DataTable
          columns={shownColumns(columns, currency)}
          rows={group.rows}
          rowKey={(row) => row.product_id}
          label={label}
          empty=""
        />
      </div>
      <p className="purchase-lists__total">
        {uncosted === 0
          ? tr`Total ${amount}`
          : plural(uncosted, {
              one: `Total ${amount} (# without a cost not counted)`,
              other: `Total ${amount} (# without a cost not counted)`,
            })}
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
        <Trans>Export purchase list</Trans>
      </Button>
      {draftOrder && group.supplierId !== null ? <DraftOrder group={group} port={draftOrder} /> : null}
    </section>
  );
}

/** [PUR-38] 'Draft order': the group as a draft purchase order, for the only store or the one chosen here. */
function DraftOrder({ group, port }: { group: PurchaseGroup; port: DraftOrderPort }) {
  const { t: tr } = useLingui();
  const only = port.stores.length === 1 ? (port.stores[0]?.id ?? '') : '';
  const [storeId, setStoreId] = useState(only);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = group.name;
  const draft = async () => {
    if (storeId === '') {
      setProblem(tr`Choose the store this order is for.`);
      return;
    }
    setBusy(true);
    const drafted = await port.draft(group, storeId);
    setBusy(false);
    if (drafted.ok) port.open(drafted.value);
    else setProblem(drafted.error.message);
  };
  return (
    <div className="purchase-lists__draft">
      {port.stores.length > 1 ? (
        <SelectField
          label={tr`Store for the order to ${name}`}
          name={`draft-store-${group.supplierId ?? ''}`}
          value={storeId}
          onChange={setStoreId}
          options={[
            { value: '', label: tr`Choose a store` },
            ...port.stores.map((store) => ({ value: store.id, label: store.name })),
          ]}
        />
      ) : null}
      <Button isDisabled={busy} aria-label={tr`Draft order to ${name}`} onPress={() => void draft()}>
        <Trans>Draft order</Trans>
      </Button>
      {problem ? <Alert>{problem}</Alert> : null}
    </div>
  );
}
