// The products table on the back-office data table (ui/data-table): a long catalogue is virtualised there,
// so 50,000 products scroll and filter as fast as fifty.
import type { MirrorProduct } from '../../data/local/mirror-db';
import { formatQuantity, type Milli } from '../../domain/quantity';
import { formatMoney } from '../../lib/format-money';
import { DataTable, type Column } from '../../ui/data-table';
import { isLowStock } from './product-filter';
import { taxPercentText } from './product-fields';

export interface ProductsTableProps {
  products: readonly MirrorProduct[];
  onHand: ReadonlyMap<string, Milli>;
  categoryName: (id: string | null) => string;
  currency: string;
  /** Managers and owners get an Edit button per row; cashiers read only. */
  onEdit?: ((product: MirrorProduct) => void) | undefined;
}

export function ProductsTable({ products, onHand, categoryName, currency, onEdit }: ProductsTableProps) {
  const columns: Column<MirrorProduct>[] = [
    { key: 'name', header: 'Name', cell: (product) => product.name, className: 'products-table__name' },
    { key: 'sku', header: 'SKU', cell: (product) => product.sku ?? '' },
    {
      key: 'barcode',
      header: 'Barcode',
      cell: (product) => product.barcode ?? '',
      className: 'products-table__code',
    },
    { key: 'category', header: 'Category', cell: (product) => categoryName(product.category_id) },
    { key: 'price', header: 'Price', cell: (product) => formatMoney(product.price, currency), align: 'end' },
    {
      key: 'tax',
      header: 'Tax',
      cell: (product) => `${taxPercentText(product.tax_rate_bp)} %`,
      align: 'end',
    },
    {
      key: 'on-hand',
      header: 'On hand',
      cell: (product) => <OnHand product={product} onHand={onHand} />,
      align: 'end',
    },
    { key: 'status', header: 'Status', cell: (product) => (product.active ? 'Active' : 'Archived') },
  ];
  if (onEdit) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      className: 'products-table__actions',
      cell: (product) => (
        <button
          type="button"
          className="button button--ghost"
          aria-label={`Edit ${product.name}`}
          onClick={() => {
            onEdit(product);
          }}
        >
          Edit
        </button>
      ),
    });
  }
  return (
    <DataTable
      label="Products"
      className="products-table"
      columns={columns}
      rows={products}
      rowKey={(product) => product.id}
      rowClassName={(product) => (product.active ? undefined : 'products-table__row--archived')}
      empty={null}
    />
  );
}

function OnHand({ product, onHand }: { product: MirrorProduct; onHand: ReadonlyMap<string, Milli> }) {
  const low = isLowStock(product, onHand);
  return (
    <span className={low ? 'products-table__low' : undefined}>
      {product.track_stock ? formatQuantity(onHand.get(product.id) ?? 0) : 'Not tracked'}
      {low ? <span className="products-table__badge"> Low</span> : null}
    </span>
  );
}
