// The tab 'Received by supplier' ([PUR-39]): what the receipts brought in from each supplier between 'From'
// and 'To' (days in the shop's time zone), product by product, for one store and one supplier or all of
// them, with each supplier's total and 'Export CSV'. Money in the shop's currency through Intl.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatQuantity } from '../../domain/quantity';
import { formatMoney } from '../../lib/format-money';
import { DataTable, type Column } from '../../ui/data-table';
import { DayRangeForm, useDayRangeReport } from '../../ui/day-range-report';
import { ExportCsvButton } from '../../ui/export-csv-button';
import { SelectField } from '../../ui/select-field';
import type { PurchaseOrdersDeps, ReceivedRow } from './purchase-orders-deps';
import { receivedCsv, receivedFileName } from './received-csv';
import { useOrderStores, useOrderSuppliers } from './use-order-data';

/** Each supplier's cost value in the rows, in the rows' order (the server sorts them by supplier). */
function supplierTotals(rows: readonly ReceivedRow[]): { id: string; name: string; costValue: number }[] {
  const totals = new Map<string, { id: string; name: string; costValue: number }>();
  for (const row of rows) {
    const total = totals.get(row.supplierId) ?? { id: row.supplierId, name: row.supplierName, costValue: 0 };
    total.costValue += row.costValue;
    totals.set(row.supplierId, total);
  }
  return [...totals.values()];
}

export function ReceivedReport({ deps }: { deps: PurchaseOrdersDeps }) {
  const { t } = useLingui();
  const [storeId, setStoreId] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const report = useDayRangeReport(deps.timeZone, (from, to) =>
    deps.remote.received(from, to, { storeId: storeId || null, supplierId: supplierId || null }),
  );
  const { shown } = report;
  const stores = useOrderStores(deps);
  const suppliers = useOrderSuppliers(deps);
  const money = (minor: number) => formatMoney(minor, deps.currency);

  const columns: Column<ReceivedRow>[] = [
    { key: 'supplier', header: t`Supplier`, cell: (row) => row.supplierName },
    { key: 'product', header: t`Product`, rowHeader: true, cell: (row) => row.name },
    { key: 'sku', header: t`SKU`, cell: (row) => row.sku ?? '', minor: true },
    { key: 'quantity', header: t`Quantity`, align: 'end', cell: (row) => formatQuantity(row.quantity) },
    { key: 'cost', header: t`Cost value`, align: 'end', cell: (row) => money(row.costValue) },
    {
      key: 'uncosted',
      header: t`Quantity without cost`,
      align: 'end',
      minor: true,
      cell: (row) => (row.uncostedQuantity === 0 ? '' : formatQuantity(row.uncostedQuantity)),
    },
    { key: 'receipts', header: t`Receipts`, align: 'end', minor: true, cell: (row) => row.receipts },
  ];
  return (
    <section className="purchase-orders__received card" aria-label={t`Received by supplier`}>
      <DayRangeForm report={report}>
        <SelectField
          label={t`Store`}
          name="store"
          value={storeId}
          onChange={setStoreId}
          options={[
            { value: '', label: t`All stores` },
            ...(stores.data ?? []).map((store) => ({ value: store.id, label: store.name })),
          ]}
        />
        <SelectField
          label={t`Supplier`}
          name="supplier"
          value={supplierId}
          onChange={setSupplierId}
          options={[
            { value: '', label: t`All suppliers` },
            ...(suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name })),
          ]}
        />
      </DayRangeForm>
      {shown ? (
        <>
          <DataTable
            columns={columns}
            rows={shown.rows}
            rowKey={(row) => `${row.supplierId}:${row.productId}`}
            label={t`Received by supplier`}
            empty={t`Nothing was received in these days.`}
          />
          {shown.rows.length > 0 ? (
            <>
              <dl className="purchase-orders__totals" aria-label={t`Cost value by supplier`}>
                {supplierTotals(shown.rows).map((total) => (
                  <div key={total.id}>
                    <dt>{total.name}</dt>
                    <dd>{money(total.costValue)}</dd>
                  </div>
                ))}
              </dl>
              <ExportCsvButton
                download={deps.download}
                fileName={receivedFileName(shown.from, shown.to)}
                csv={() => receivedCsv(shown.rows, deps.currency)}
              />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
