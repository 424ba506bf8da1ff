// The products table, virtualised (@tanstack/react-virtual): only the rows in view are in the DOM, so 50,000
// products scroll and filter as fast as fifty. ARIA table roles on a div grid, because a real <table> cannot
// hold absolutely positioned rows; aria-rowcount/rowindex tell assistive technology the full size.
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { formatQuantity, type Milli } from '../../domain/quantity';
import { formatMoney } from '../../lib/format-money';
import { isLowStock } from './product-filter';
import { taxPercentText } from './product-fields';

const ROW_HEIGHT = 44;
const HEADERS = ['Name', 'SKU', 'Barcode', 'Category', 'Price', 'Tax', 'On hand', 'Status'];

export interface ProductsTableProps {
  products: readonly MirrorProduct[];
  onHand: ReadonlyMap<string, Milli>;
  categoryName: (id: string | null) => string;
  currency: string;
  /** Managers and owners get an Edit button per row; cashiers read only. */
  onEdit?: ((product: MirrorProduct) => void) | undefined;
}

export function ProductsTable({ products, onHand, categoryName, currency, onEdit }: ProductsTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: products.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Before the list is measured (and in tests, where nothing has a size) assume a screenful.
    initialRect: { width: 900, height: 600 },
  });
  const headers = onEdit ? [...HEADERS, 'Actions'] : HEADERS;
  return (
    <div
      className="products-table"
      role="table"
      aria-label="Products"
      aria-rowcount={products.length + 1}
      data-columns={headers.length}
    >
      <div role="rowgroup" className="products-table__head">
        <div role="row" aria-rowindex={1} className="products-table__row">
          {headers.map((header) => (
            <span role="columnheader" key={header}>
              {header}
            </span>
          ))}
        </div>
      </div>
      <div ref={scroller} className="products-table__body" role="rowgroup">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const product = products[item.index];
            if (!product) return null;
            return (
              <ProductRow
                key={product.id}
                product={product}
                rowIndex={item.index + 2}
                top={item.start}
                onHand={onHand}
                categoryName={categoryName}
                currency={currency}
                onEdit={onEdit}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

function ProductRow({
  product,
  rowIndex,
  top,
  onHand,
  categoryName,
  currency,
  onEdit,
}: Omit<ProductsTableProps, 'products'> & { product: MirrorProduct; rowIndex: number; top: number }) {
  const quantity = onHand.get(product.id) ?? 0;
  const low = isLowStock(product, onHand);
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={product.active ? 'products-table__row' : 'products-table__row products-table__row--archived'}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
    >
      <span role="cell" className="products-table__name">
        {product.name}
      </span>
      <span role="cell">{product.sku ?? ''}</span>
      <span role="cell">{product.barcode ?? ''}</span>
      <span role="cell">{categoryName(product.category_id)}</span>
      <span role="cell" className="products-table__number">
        {formatMoney(product.price, currency)}
      </span>
      <span role="cell" className="products-table__number">
        {taxPercentText(product.tax_rate_bp)} %
      </span>
      <span
        role="cell"
        className={low ? 'products-table__number products-table__low' : 'products-table__number'}
      >
        {product.track_stock ? formatQuantity(quantity) : 'Not tracked'}
        {low ? <span className="products-table__badge"> Low</span> : null}
      </span>
      <span role="cell">{product.active ? 'Active' : 'Archived'}</span>
      {onEdit ? (
        <span role="cell">
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
        </span>
      ) : null}
    </div>
  );
}
