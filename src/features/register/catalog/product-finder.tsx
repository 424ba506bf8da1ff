// Finding products at the counter: the 'Search products' field over the in-memory index (name, SKU or
// barcode, as you type), the quick-keys grid of favourites before anything is typed, category tabs that
// filter both, and a virtualised list of tiles so 50,000 products cost only the rows on screen. Tiles show
// price and on-hand stock; stock below zero is flagged but never blocks a sale. Managers can switch to
// "Edit quick keys", where a tap gives a product a quick key or takes it away instead of selling it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { Milli } from '../../../domain/quantity';
import { variantStockByParent } from '../../../domain/variant-stock';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import { ProductList } from './product-list';
import { favouritesOf, QuickKeyGrid } from './quick-keys';
import { isVariant } from './variants';
import '../register-counter.css';
import type { RegisterCatalog } from '../register-deps';

const RESULT_LIMIT = 500;

export interface ProductFinderProps {
  catalog: RegisterCatalog;
  stock: ReadonlyMap<string, Milli>;
  currency: string;
  onAdd: (product: MirrorProduct) => void;
  searchRef?: Ref<HTMLInputElement>;
  /** Owners and managers: a tap in "Edit quick keys" mode comes here instead of `onAdd`. */
  onToggleQuickKey?: (product: MirrorProduct) => void;
  /** More tools beside the search field (the camera scanner). */
  tools?: ReactNode;
}

export function ProductFinder(props: ProductFinderProps) {
  const { catalog, stock, currency, onAdd, searchRef, onToggleQuickKey } = props;
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const inCategory = (product: MirrorProduct) => category === null || product.category_id === category;
  // Variants are reached through their parent (or found by a search); the list of everything leaves them out.
  const browsable = useMemo(() => {
    const products = catalog.products.filter((product) => !isVariant(product));
    return products.length === catalog.products.length ? catalog.products : products;
  }, [catalog]);
  const results = useMemo(() => {
    const found = query.trim() === '' ? browsable : catalog.index.search(query, RESULT_LIMIT).items;
    return category === null ? found : found.filter((product) => product.category_id === category);
  }, [catalog, browsable, query, category]);
  const favourites = useMemo(() => favouritesOf(catalog.products), [catalog]);
  // One pass over the catalogue when it or the stock changes; a parent's tile shows its variants' stock.
  const variantStock = useMemo(() => variantStockByParent(catalog.products, stock), [catalog, stock]);
  const editingKeys = editing && onToggleQuickKey !== undefined;
  const tap = editingKeys ? onToggleQuickKey : onAdd;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // A code typed by hand, or a search down to one product, adds it like a scan would.
    const text = event.currentTarget.value;
    const product = catalog.index.findByCode(text) ?? (results.length === 1 ? results[0] : undefined);
    if (product) {
      onAdd(product);
      setQuery('');
    }
  };

  return (
    <section className="finder" aria-label={t`Products`}>
      <div className="field finder__search">
        <label htmlFor="register-search" className="field__label">
          <Trans>Search products</Trans>
        </label>
        <input
          id="register-search"
          ref={searchRef}
          className="field__input"
          type="search"
          autoComplete="off"
          placeholder={t`Name, SKU or barcode`}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {props.tools || onToggleQuickKey ? (
        <div className="finder__tools">
          {props.tools}
          {onToggleQuickKey ? (
            <button
              type="button"
              className="button button--ghost"
              aria-pressed={editing}
              onClick={() => {
                setEditing(!editing);
              }}
            >
              <Trans>Edit quick keys</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
      {editingKeys ? (
        <p className="finder__hint" role="status">
          <Trans>
            Tap a product to give it a quick key; tap a quick key to take it away. Needs a connection.
          </Trans>
        </p>
      ) : null}
      <div className="finder__tabs" role="group" aria-label={t`Categories`}>
        {[{ id: null, name: t`All` }, ...catalog.categories].map((tab) => (
          <button
            key={tab.id ?? 'all'}
            type="button"
            className="finder__tab"
            aria-pressed={category === tab.id}
            onClick={() => {
              setCategory(tab.id);
            }}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {query.trim() === '' ? (
        <QuickKeyGrid
          products={favourites.filter(inCategory)}
          stock={stock}
          currency={currency}
          onTap={tap}
          editing={editingKeys}
        />
      ) : null}
      <ProductList
        products={results}
        stock={stock}
        variantStock={variantStock}
        currency={currency}
        onAdd={tap}
      />
    </section>
  );
}
