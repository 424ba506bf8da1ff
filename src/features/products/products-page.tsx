// The back office's products screen (issue #8): the catalogue as this device's mirror holds it, searchable and
// filterable at 50,000 rows, exported as CSV; managers and owners also create, edit, archive, import and
// manage categories. Product edits need a connection (there is no product op in apply_ops): they are
// written straight to the server, then sync pulls them back here and to every till.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { ProductSearchIndex } from '../../domain/product-search';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CategoriesPanel } from './categories-panel';
import { ImportPanel } from './import-panel';
import { productsToCsv } from './product-csv-export';
import { filterProducts, NO_FILTER, type ProductFilter } from './product-filter';
import { ProductForm } from './product-form';
import { ProductsFilters } from './products-filters';
import { ProductsTable } from './products-table';
import { canEditProducts, type ProductsDeps } from './products-deps';
import { StockValue } from './stock-value';
import { useCatalogData, type CatalogData } from './use-products-live';
import { useOnline } from '../../ui/use-online';
import { variantCounts, variantsUnderParents } from './variant-rows';
import './products.css';

// A product's variant grid is opened now and then: its code is loaded when it is.
const VariantGrid = lazy(() => import('./variant-grid'));
// So are the Modifiers and Suppliers panels.
const ModifiersPanel = lazy(() => import('./modifiers-panel'));
const SuppliersPanel = lazy(() => import('./suppliers-panel'));

type Panel =
  | { kind: 'none' }
  | { kind: 'form'; product: MirrorProduct | null }
  | { kind: 'variants'; product: MirrorProduct }
  | { kind: 'categories' }
  | { kind: 'modifiers' }
  | { kind: 'suppliers' }
  | { kind: 'import' };

/** `lowStockOnly`: open filtered to low stock (the dashboard's "See all" on its Low stock card). */
export function ProductsPage({ deps, lowStockOnly = false }: { deps: ProductsDeps; lowStockOnly?: boolean }) {
  const catalog = useCatalogData(deps);
  if (!catalog)
    return (
      <p role="status">
        <Trans>Loading products…</Trans>
      </p>
    );
  return <ProductsScreen deps={deps} catalog={catalog} lowStockOnly={lowStockOnly} />;
}

function ProductsScreen({
  deps,
  catalog,
  lowStockOnly,
}: {
  deps: ProductsDeps;
  catalog: CatalogData;
  lowStockOnly: boolean;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const editor = canEditProducts(deps.role);
  const [filter, setFilter] = useState<ProductFilter>({ ...NO_FILTER, lowStock: lowStockOnly });
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [notice, setNotice] = useState<string | null>(null);
  const index = useMemo(() => new ProductSearchIndex(catalog.products), [catalog.products]);
  const deferred = useDeferredValue(filter);
  const shown = useMemo(
    () => variantsUnderParents(filterProducts(catalog.products, deferred, catalog.onHand, index)),
    [catalog.products, catalog.onHand, deferred, index],
  );
  const counts = useMemo(() => variantCounts(catalog.products), [catalog.products]);
  const names = useMemo(() => new Map(catalog.categories.map((c) => [c.id, c.name])), [catalog.categories]);
  // Counts as plain figures ("50001 products"), not '#', which would be formatted as 50,001.
  const shownCount = shown.length;
  const allCount = catalog.products.length;
  const categoryName = (id: string | null) => (id ? (names.get(id) ?? '') : '');

  const exportCsv = async () => {
    // Made when exporting, not at every change of 50,000 products: variants' rows name their parent's SKU.
    const byId = new Map(catalog.products.map((product) => [product.id, product]));
    // Supplier names are on the server ([INS-8]): read only when a product shown has a supplier.
    const withSuppliers = shown.some((product) => typeof product.supplier_id === 'string');
    const suppliers = withSuppliers ? await deps.suppliers.list(deps.companyId) : undefined;
    if (suppliers && !suppliers.ok) {
      setNotice(
        t`Suppliers could not be read, so the file has no supplier column: importing it leaves them as they are.`,
      );
    }
    const names = suppliers?.ok ? new Map(suppliers.value.map((s) => [s.id, s.name])) : undefined;
    deps.download(
      'products.csv',
      productsToCsv(
        shown,
        categoryName,
        deps.currency,
        (id) => byId.get(id),
        names && ((id) => names.get(id)),
      ),
      'text/csv;charset=utf-8',
    );
  };
  const done = (message: string) => {
    setNotice(message);
    setPanel({ kind: 'none' });
  };
  const close = () => {
    setPanel({ kind: 'none' });
  };

  return (
    <div className="products-page">
      {editor ? (
        <p className="products-page__note">
          <Trans>
            <strong>Product edits need a connection.</strong> Products and categories are saved on the server,
            not queued on this device; tills see a change after their next sync.
          </Trans>
          {online ? null : (
            <>
              {' '}
              <Trans>You are offline now: you can browse and export, but not save changes.</Trans>
            </>
          )}
        </p>
      ) : (
        <p className="products-page__note">
          <Trans>You can look products up here; managers and owners change them.</Trans>
        </p>
      )}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <div className="products-page__toolbar">
        <ProductsFilters filter={filter} onChange={setFilter} categories={catalog.categories} />
        <div className="products-page__actions">
          <Button variant="secondary" onPress={() => void exportCsv()}>
            <Trans>Export CSV</Trans>
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              setPanel({ kind: 'modifiers' });
            }}
          >
            <Trans>Modifiers</Trans>
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              setPanel({ kind: 'suppliers' });
            }}
          >
            <Trans>Suppliers</Trans>
          </Button>
          {editor ? (
            <>
              <Button
                onPress={() => {
                  setPanel({ kind: 'form', product: null });
                }}
              >
                <Trans>New product</Trans>
              </Button>
              <Button
                variant="secondary"
                onPress={() => {
                  setPanel({ kind: 'categories' });
                }}
              >
                <Trans>Categories</Trans>
              </Button>
              <Button
                variant="secondary"
                onPress={() => {
                  setPanel({ kind: 'import' });
                }}
              >
                <Trans>Import CSV</Trans>
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {panel.kind === 'form' ? (
        <ProductForm
          key={panel.product?.id ?? 'new'}
          deps={deps}
          catalog={catalog}
          product={panel.product}
          online={online}
          onDone={done}
          onCancel={close}
        />
      ) : null}
      {panel.kind === 'variants' ? (
        <Suspense
          fallback={
            <p role="status">
              <Trans>Loading variants…</Trans>
            </p>
          }
        >
          <VariantGrid
            key={panel.product.id}
            deps={deps}
            catalog={catalog}
            parent={panel.product}
            online={online}
            onDone={done}
            onCancel={close}
          />
        </Suspense>
      ) : null}
      {panel.kind === 'categories' ? (
        <CategoriesPanel deps={deps} catalog={catalog} online={online} onClose={close} />
      ) : null}
      {panel.kind === 'modifiers' ? (
        <Suspense
          fallback={
            <p role="status">
              <Trans>Loading modifiers…</Trans>
            </p>
          }
        >
          <ModifiersPanel deps={deps} catalog={catalog} online={online} onClose={close} />
        </Suspense>
      ) : null}
      {panel.kind === 'suppliers' ? (
        <Suspense
          fallback={
            <p role="status">
              <Trans>Loading suppliers…</Trans>
            </p>
          }
        >
          <SuppliersPanel deps={deps} catalog={catalog} online={online} onClose={close} />
        </Suspense>
      ) : null}
      {panel.kind === 'import' ? (
        <ImportPanel deps={deps} catalog={catalog} online={online} onClose={close} />
      ) : null}
      <p className="products-page__count" role="status">
        {shown.length === catalog.products.length ? (
          <Plural value={shownCount} one={`${shownCount} product`} other={`${shownCount} products`} />
        ) : (
          <Plural
            value={allCount}
            one={`${shownCount} of ${allCount} product`}
            other={`${shownCount} of ${allCount} products`}
          />
        )}
      </p>
      <StockValue products={shown} onHand={catalog.onHand} currency={deps.currency} />
      {shown.length === 0 ? (
        <p className="products-page__empty">
          {catalog.products.length === 0 ? (
            <Trans>No products yet.</Trans>
          ) : (
            <Trans>No products match these filters.</Trans>
          )}
        </p>
      ) : (
        <ProductsTable
          products={shown}
          onHand={catalog.onHand}
          categoryName={categoryName}
          currency={deps.currency}
          variantCounts={counts}
          onVariants={
            editor
              ? (product) => {
                  setPanel({ kind: 'variants', product });
                }
              : undefined
          }
          onEdit={
            editor
              ? (product) => {
                  setPanel({ kind: 'form', product });
                }
              : undefined
          }
        />
      )}
    </div>
  );
}
