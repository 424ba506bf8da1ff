// Insights → Inventory ([INS-4]): what the stock is worth, what sells through and how long it lasts, what has
// not sold at all, and what to order — purchase lists per supplier, exported as CSV (purchase-lists.tsx). Stock is as it stands now; sales
// velocity comes from the chosen period.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { InventoryInsight, Period } from '../../../data/remote/insights';
import { formatMoney } from '../../../lib/format-money';
import { Chart, fileNameFor, Stats } from './insight-parts';
import { InsightTable } from './insight-table';
import type { DraftOrderPort } from './draft-order';
import { PurchaseLists } from './purchase-lists';

/** The products that run out first: the shortest days of cover among those that sold. */
const COVER_CHART = 12;

export function InventoryView({
  inventory,
  period,
  currency,
  draftOrder,
}: {
  inventory: InventoryInsight;
  period: Period;
  currency: string;
  draftOrder?: DraftOrderPort | undefined;
}) {
  const { t } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency);
  const { totals, settings } = inventory;
  const cover = useMemo(() => {
    const shortest = inventory.products
      .filter((product) => product.days_of_cover !== null)
      .sort((a, b) => (a.days_of_cover ?? 0) - (b.days_of_cover ?? 0))
      .slice(0, COVER_CHART);
    return {
      labels: shortest.map((product) => product.name),
      series: [{ label: t`Days of cover`, values: shortest.map((product) => product.days_of_cover) }],
    };
  }, [inventory, t]);
  const file = (table: string) => fileNameFor(table, period);
  const lead = settings.lead_days;
  const coverDays = settings.cover_days;
  const deadDays = settings.dead_days;
  const uncosted = totals.uncosted_in_stock;
  const supplierNote = settings.has_supplier
    ? plural(lead, {
        one: "Each supplier's products are ordered for its lead time, products without a supplier for # day.",
        other:
          "Each supplier's products are ordered for its lead time, products without a supplier for # days.",
      })
    : t`Products have no supplier yet, so this is one purchase list for every product.`;

  return (
    <>
      <Stats
        label={t`Stock`}
        items={[
          {
            label: t`Stock value at cost`,
            value: money(totals.value_at_cost),
            hint:
              uncosted === 0
                ? t`Every product in stock has a cost.`
                : plural(uncosted, {
                    one: '# product in stock has no cost and is left out.',
                    other: '# products in stock have no cost and are left out.',
                  }),
          },
          { label: t`Stock value at price`, value: money(totals.value_at_price) },
          {
            label: t`Dead stock`,
            value: String(totals.dead),
            hint: plural(deadDays, {
              one: 'In stock, no sale in the last # day of the period.',
              other: 'In stock, no sale in the last # days of the period.',
            }),
          },
          {
            label: t`Open orders`,
            value: String(totals.open_orders),
            hint: t`Ordered from suppliers and not all arrived yet.`,
          },
          {
            label: t`On order`,
            value: money(totals.on_order_value),
            hint:
              totals.on_order_uncosted === 0
                ? plural(totals.on_order_units, {
                    one: '# unit still to come, at the orders’ costs.',
                    other: '# units still to come, at the orders’ costs.',
                  })
                : plural(totals.on_order_units, {
                    one: '# unit still to come; some order lines have no cost and are left out of the value.',
                    other:
                      '# units still to come; some order lines have no cost and are left out of the value.',
                  }),
          },
          {
            label: t`In transit`,
            value: money(totals.in_transit_value),
            hint: plural(totals.in_transit_units, {
              one: '# unit on its way between stores, at cost.',
              other: '# units on their way between stores, at cost.',
            }),
          },
          {
            label: t`To reorder`,
            value: String(totals.to_reorder),
            hint: settings.has_supplier
              ? t`Lead time: each supplier's (else ${lead} days), ${coverDays} days of cover.`
              : t`Lead time ${lead} days, ${coverDays} days of cover.`,
          },
        ]}
      />
      <div className="panel">
        <Chart
          title={t`Days of cover: the products that run out first`}
          kind="bar"
          horizontal
          labels={cover.labels}
          series={cover.series}
          format={(days) => {
            const shown = Math.round(days * 10) / 10;
            return t`${shown} d`;
          }}
        />
      </div>
      <PurchaseLists
        rows={inventory.reorder}
        period={period}
        currency={currency}
        draftOrder={draftOrder}
        note={`${t`Order when stock, with what is on order and in transit, reaches the reorder point: the reorder level, or what sells during the lead time if more. The quantity brings it back to that point plus ${coverDays} days of sales.`} ${supplierNote}`}
      />
      <InsightTable
        title={t`Dead stock`}
        rows={inventory.dead}
        rowKey={(row) => row.product_id}
        currency={currency}
        fileName={file('dead-stock')}
        empty={t`Every product in stock sold recently.`}
        columns={[
          { key: 'name', header: t`Product`, value: (row) => row.name },
          { key: 'sku', header: t`SKU`, value: (row) => row.sku },
          { key: 'stock', header: t`In stock`, value: (row) => row.on_hand, kind: 'number' },
          { key: 'cost', header: t`Value at cost`, value: (row) => row.value_at_cost, kind: 'money' },
          { key: 'price', header: t`Value at price`, value: (row) => row.value_at_price, kind: 'money' },
        ]}
      />
      <InsightTable
        title={t`Stock and sell-through`}
        rows={inventory.products}
        rowKey={(row) => row.product_id}
        currency={currency}
        fileName={file('stock')}
        empty={t`No product tracks stock.`}
        note={t`Sell-through: units sold in the period as a share of those sold and still in stock.`}
        columns={[
          { key: 'name', header: t`Product`, value: (row) => row.name },
          { key: 'stock', header: t`In stock`, value: (row) => row.on_hand, kind: 'number' },
          { key: 'sold', header: t`Sold`, value: (row) => row.sold, kind: 'number' },
          { key: 'through', header: t`Sell-through`, value: (row) => row.sell_through_pct, kind: 'percent' },
          { key: 'cover', header: t`Days of cover`, value: (row) => row.days_of_cover, kind: 'number' },
          { key: 'cost', header: t`Value at cost`, value: (row) => row.value_at_cost, kind: 'money' },
          { key: 'price', header: t`Value at price`, value: (row) => row.value_at_price, kind: 'money' },
        ]}
      />
    </>
  );
}
