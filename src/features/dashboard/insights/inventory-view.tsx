// Insights → Inventory ([INS-4]): what the stock is worth, what sells through and how long it lasts, what has
// not sold at all, and what to order — purchase lists per supplier, exported as CSV (purchase-lists.tsx). Stock is as it stands now; sales
// velocity comes from the chosen period.
import { useMemo } from 'react';
import type { InventoryInsight, Period } from '../../../data/remote/insights';
import { formatMoney } from '../../../lib/format-money';
import { Chart, fileNameFor, Stats } from './insight-parts';
import { InsightTable } from './insight-table';
import { PurchaseLists } from './purchase-lists';

/** The products that run out first: the shortest days of cover among those that sold. */
const COVER_CHART = 12;

export function InventoryView({
  inventory,
  period,
  currency,
}: {
  inventory: InventoryInsight;
  period: Period;
  currency: string;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const { totals, settings } = inventory;
  const cover = useMemo(() => {
    const shortest = inventory.products
      .filter((product) => product.days_of_cover !== null)
      .sort((a, b) => (a.days_of_cover ?? 0) - (b.days_of_cover ?? 0))
      .slice(0, COVER_CHART);
    return {
      labels: shortest.map((product) => product.name),
      series: [{ label: 'Days of cover', values: shortest.map((product) => product.days_of_cover) }],
    };
  }, [inventory]);
  const file = (table: string) => fileNameFor(table, period);
  const supplierNote = settings.has_supplier
    ? `Each supplier's products are ordered for its lead time, products without a supplier for ${String(settings.lead_days)} days.`
    : 'Products have no supplier yet, so this is one purchase list for every product.';

  return (
    <>
      <Stats
        label="Stock"
        items={[
          {
            label: 'Stock value at cost',
            value: money(totals.value_at_cost),
            hint:
              totals.uncosted_in_stock === 0
                ? 'Every product in stock has a cost.'
                : `${String(totals.uncosted_in_stock)} products in stock have no cost and are left out.`,
          },
          { label: 'Stock value at price', value: money(totals.value_at_price) },
          {
            label: 'Dead stock',
            value: String(totals.dead),
            hint: `In stock, no sale in the last ${String(settings.dead_days)} days of the period.`,
          },
          {
            label: 'To reorder',
            value: String(totals.to_reorder),
            hint: settings.has_supplier
              ? `Lead time: each supplier's (else ${String(settings.lead_days)} days), ${String(settings.cover_days)} days of cover.`
              : `Lead time ${String(settings.lead_days)} days, ${String(settings.cover_days)} days of cover.`,
          },
        ]}
      />
      <div className="panel">
        <Chart
          title="Days of cover: the products that run out first"
          kind="bar"
          horizontal
          labels={cover.labels}
          series={cover.series}
          format={(days) => `${String(Math.round(days * 10) / 10)} d`}
        />
      </div>
      <PurchaseLists
        rows={inventory.reorder}
        period={period}
        currency={currency}
        note={`Order when stock reaches the reorder point: the reorder level, or what sells during the lead time if more. The quantity brings stock back to that point plus ${String(settings.cover_days)} days of sales. ${supplierNote}`}
      />
      <InsightTable
        title="Dead stock"
        rows={inventory.dead}
        rowKey={(row) => row.product_id}
        currency={currency}
        fileName={file('dead-stock')}
        empty="Every product in stock sold recently."
        columns={[
          { key: 'name', header: 'Product', value: (row) => row.name },
          { key: 'sku', header: 'SKU', value: (row) => row.sku },
          { key: 'stock', header: 'In stock', value: (row) => row.on_hand, kind: 'number' },
          { key: 'cost', header: 'Value at cost', value: (row) => row.value_at_cost, kind: 'money' },
          { key: 'price', header: 'Value at price', value: (row) => row.value_at_price, kind: 'money' },
        ]}
      />
      <InsightTable
        title="Stock and sell-through"
        rows={inventory.products}
        rowKey={(row) => row.product_id}
        currency={currency}
        fileName={file('stock')}
        empty="No product tracks stock."
        note="Sell-through: units sold in the period as a share of those sold and still in stock."
        columns={[
          { key: 'name', header: 'Product', value: (row) => row.name },
          { key: 'stock', header: 'In stock', value: (row) => row.on_hand, kind: 'number' },
          { key: 'sold', header: 'Sold', value: (row) => row.sold, kind: 'number' },
          { key: 'through', header: 'Sell-through', value: (row) => row.sell_through_pct, kind: 'percent' },
          { key: 'cover', header: 'Days of cover', value: (row) => row.days_of_cover, kind: 'number' },
          { key: 'cost', header: 'Value at cost', value: (row) => row.value_at_cost, kind: 'money' },
          { key: 'price', header: 'Value at price', value: (row) => row.value_at_price, kind: 'money' },
        ]}
      />
    </>
  );
}
