// The products table on the back-office data table (ui/data-table): a long catalogue is virtualised there,
// so 50,000 products scroll and filter as fast as fifty.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { costOf } from '../../domain/cost';
import { formatQuantity, type Milli } from '../../domain/quantity';
import { isStockItem, isVariantParent } from '../../domain/variant-stock';
import { formatMoney } from '../../lib/format-money';
import { numberFormat, screenLocale } from '../../lib/i18n/intl';
import { DataTable, type Column } from '../../ui/data-table';
import { isLowStock } from './product-filter';

export interface ProductsTableProps {
  products: readonly MirrorProduct[];
  onHand: ReadonlyMap<string, Milli>;
  categoryName: (id: string | null) => string;
  currency: string;
  /** Managers and owners get an Edit button per row; cashiers read only. */
  onEdit?: ((product: MirrorProduct) => void) | undefined;
  /** How many variants each parent has (issue 21): shown beside its name. */
  variantCounts?: ReadonlyMap<string, number>;
  /** Managers and owners open a product's variant grid (not a variant's: variants have none). */
  onVariants?: ((product: MirrorProduct) => void) | undefined;
}

/** The words the table shows, in the person's language (its columns' widths are measured on them). */
interface TableWords {
  price: string;
  cost: string;
  valueAtCost: string;
  tax: string;
  onHand: string;
  notTracked: string;
  byVariant: string;
  low: string;
  status: string;
  archived: string;
}

/** A tax rate as the table shows it: "5.5 %" in English, "5,5 %" in German. */
function taxShown(basisPoints: number): string {
  const rate = numberFormat(screenLocale(), { maximumFractionDigits: 2 }).format(basisPoints / 100);
  return `${rate} %`;
}

/** Wide enough for the longest text (digits are 1ch with tabular figures), a spare 1ch and the padding. */
function fitting(texts: readonly string[]): string {
  const longest = Math.max(...texts.map((text) => text.length));
  return `calc(${String(longest + 1)}ch + 1rem)`;
}

/** [VALUE-1] What a product's stock is worth at its cost: null when it holds none, has no cost or is a parent. */
export function valueAtCost(product: MirrorProduct, onHand: ReadonlyMap<string, Milli>): number | null {
  const quantity = onHand.get(product.id) ?? 0;
  return isStockItem(product) && quantity > 0 ? costOf(product.cost, quantity) : null;
}

/**
 * Price, Cost, Tax, On hand, Value and Status get fixed widths from their longest value, so they are never cut; the
 * text columns share what is left and cut with an ellipsis (the full text in the cell's title).
 */
function numberWidths(
  products: readonly MirrorProduct[],
  onHand: ReadonlyMap<string, Milli>,
  currency: string,
  words: TableWords,
) {
  let highest = 0;
  let lowest = 0;
  let costliest = 0;
  let value = 0;
  const rates = new Set<number>();
  for (const product of products) {
    highest = Math.max(highest, product.price);
    lowest = Math.min(lowest, product.price);
    costliest = Math.max(costliest, product.cost ?? 0);
    value = Math.max(value, valueAtCost(product, onHand) ?? 0);
    rates.add(product.tax_rate_bp);
  }
  const quantities = [...onHand.values()].map((quantity) => `${formatQuantity(quantity)} ${words.low}`);
  return {
    price: fitting([words.price, formatMoney(highest, currency), formatMoney(lowest, currency)]),
    cost: fitting([words.cost, formatMoney(costliest, currency)]),
    value: fitting([words.valueAtCost, formatMoney(value, currency)]),
    tax: fitting([words.tax, ...[...rates].map(taxShown)]),
    onHand: fitting([words.onHand, words.notTracked, ...quantities]),
    status: fitting([words.status, words.archived]),
  };
}

/**
 * Every column on a very wide box only (eleven columns need 1,400 px to show a name, SKU and barcode whole);
 * the chosen ones beside the menu on a laptop; cards on a tablet and a phone (issue 34).
 */
const PRODUCTS_FIT = { compactBelow: 1400, cardsBelow: 800 };

export function ProductsTable(props: ProductsTableProps) {
  const { products, onHand, categoryName, currency, onEdit, onVariants } = props;
  const { t } = useLingui();
  // Made again when the language changes (t follows it): the headers' widths are measured on their words.
  const words = useMemo<TableWords>(
    () => ({
      price: t`Price`,
      cost: t`Cost`,
      valueAtCost: t`Value at cost`,
      tax: t`Tax`,
      onHand: t`On hand`,
      notTracked: t`Not tracked`,
      byVariant: t`By variant`,
      low: t`Low`,
      status: t`Status`,
      archived: t`Archived`,
    }),
    [t],
  );
  const widths = useMemo(
    () => numberWidths(products, onHand, currency, words),
    [products, onHand, currency, words],
  );
  const columns: Column<MirrorProduct>[] = [
    {
      key: 'name',
      header: t`Name`,
      cell: (product) => (
        <ProductName product={product} variants={props.variantCounts?.get(product.id) ?? 0} />
      ),
      className: 'products-table__name',
      width: '22%',
    },
    // SKU, barcode, cost and value are left out when the table is short of room (a laptop beside the menu, a
    // tablet) and are lines of each card on a phone: the name and what a manager acts on always show.
    { key: 'sku', header: t`SKU`, cell: (product) => product.sku ?? '', minor: true },
    { key: 'barcode', header: t`Barcode`, cell: (product) => product.barcode ?? '', minor: true },
    { key: 'category', header: t`Category`, cell: (product) => categoryName(product.category_id) },
    {
      key: 'price',
      header: words.price,
      cell: (product) => formatMoney(product.price, currency),
      align: 'end',
      width: widths.price,
    },
    {
      key: 'cost',
      header: words.cost,
      cell: (product) =>
        product.cost === null || product.cost === undefined ? '' : formatMoney(product.cost, currency),
      align: 'end',
      width: widths.cost,
      minor: true,
    },
    {
      key: 'tax',
      header: words.tax,
      cell: (product) => taxShown(product.tax_rate_bp),
      align: 'end',
      width: widths.tax,
    },
    {
      key: 'on-hand',
      header: words.onHand,
      cell: (product) => <OnHand product={product} onHand={onHand} words={words} />,
      align: 'end',
      width: widths.onHand,
    },
    {
      key: 'value',
      header: words.valueAtCost,
      cell: (product) => {
        const value = valueAtCost(product, onHand);
        return value === null ? '' : formatMoney(value, currency);
      },
      align: 'end',
      width: widths.value,
      minor: true,
    },
    {
      key: 'status',
      header: words.status,
      cell: (product) => (product.active ? t`Active` : words.archived),
      width: widths.status,
    },
  ];
  if (onEdit) {
    columns.push({
      key: 'actions',
      header: t`Actions`,
      className: 'products-table__actions',
      // Room for 'Edit' and 'Variants' side by side: the column was cut to "Acti…" at 1280 px (issue 34).
      width: onVariants ? '13rem' : '6.5rem',
      cell: (product) => {
        const { name } = product;
        return (
          <span className="products-table__buttons">
            <button
              type="button"
              className="button button--ghost"
              aria-label={t`Edit ${name}`}
              onClick={() => {
                onEdit(product);
              }}
            >
              <Trans>Edit</Trans>
            </button>
            {onVariants && typeof product.variant_of !== 'string' ? (
              <button
                type="button"
                className="button button--ghost"
                aria-label={t`Variants of ${name}`}
                onClick={() => {
                  onVariants(product);
                }}
              >
                <Trans>Variants</Trans>
              </button>
            ) : null}
          </span>
        );
      },
    });
  }
  return (
    <DataTable
      label={t`Products`}
      className="products-table"
      columns={columns}
      rows={products}
      rowKey={(product) => product.id}
      rowClassName={(product) => (product.active ? undefined : 'products-table__row--archived')}
      empty={null}
      fit={PRODUCTS_FIT}
    />
  );
}

/** A variant is indented under its parent; a parent says how many variants it has. */
function ProductName({ product, variants }: { product: MirrorProduct; variants: number }) {
  if (typeof product.variant_of === 'string') {
    return <span className="products-table__variant">{product.name}</span>;
  }
  if (variants === 0) return product.name;
  return (
    <>
      {product.name}
      <span className="products-table__badge">
        {' '}
        <Plural value={variants} one="# variant" other="# variants" />
      </span>
    </>
  );
}

function OnHand({
  product,
  onHand,
  words,
}: {
  product: MirrorProduct;
  onHand: ReadonlyMap<string, Milli>;
  words: TableWords;
}) {
  const low = isLowStock(product, onHand);
  return (
    <span className={low ? 'products-table__low' : undefined}>
      {/* [PSTOCK-T2] A parent holds no stock of its own: its variants, listed under it, do. */}
      {isVariantParent(product)
        ? words.byVariant
        : product.track_stock
          ? formatQuantity(onHand.get(product.id) ?? 0)
          : words.notTracked}
      {low ? <span className="products-table__badge"> {words.low}</span> : null}
    </span>
  );
}
