// Picks one stock-tracked product: a search over name, SKU and barcode narrows a native select to the
// first matches, so the picker stays quick with a catalog of 50,000 products.
import { useId, useMemo, useState } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';

const SHOWN = 100;

function matches(product: MirrorProduct, words: string[]): boolean {
  const text = `${product.name} ${product.sku ?? ''} ${product.barcode ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export function productLabel(product: MirrorProduct): string {
  return product.sku ? `${product.name} (${product.sku})` : product.name;
}

export function ProductPicker({
  label,
  products,
  value,
  onChange,
  allowAny,
}: {
  label: string;
  products: readonly MirrorProduct[];
  value: string;
  onChange: (productId: string) => void;
  /** The text of an empty choice ("Any product"); without it a product must be picked. */
  allowAny?: string;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const found = products.filter((product) => matches(product, words)).slice(0, SHOWN);
    const chosen = products.find((product) => product.id === value);
    return chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  }, [products, query, value]);
  return (
    <div className="field product-picker">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="product-picker__row">
        <input
          type="search"
          className="field__input"
          aria-label={`Search ${label.toLowerCase()}`}
          placeholder="Name, SKU or barcode"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
          }}
        />
        <select
          id={id}
          className="field__input field__select"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        >
          <option value="">{allowAny ?? 'Choose a product'}</option>
          {shown.map((product) => (
            <option key={product.id} value={product.id}>
              {productLabel(product)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
