// Create or edit one product (managers and owners). The draft lives in this component's state: offline the
// save buttons are disabled and say why, and whatever was typed stays until the connection is back. A save
// goes straight to the server (no product op exists in apply_ops), then asks sync to pull so the list follows.
import { scaleCodeKey } from '../../domain/embedded-barcode';
import { useState, type SyntheticEvent } from 'react';
import type { MirrorProduct } from '../../data/local/mirror-db';
import { needsConnection } from '../../data/remote/product-writes';
import type { Result } from '../../domain/result';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { checkDraft, draftOf, type DraftErrors, type ProductDraft } from './product-draft';
import type { ProductsDeps } from './products-deps';
import type { CatalogData } from './use-products-live';
import { useSuppliers } from './use-suppliers';

export interface ProductFormProps {
  deps: ProductsDeps;
  catalog: CatalogData;
  /** null: a new product. */
  product: MirrorProduct | null;
  online: boolean;
  onDone: (message: string) => void;
  onCancel: () => void;
}

export function ProductForm({ deps, catalog, product, online, onDone, onCancel }: ProductFormProps) {
  const [draft, setDraft] = useState<ProductDraft>(() =>
    draftOf(product, deps.currency, catalog.defaultTaxRateBp),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const initialSupplier = product?.supplier_id ?? '';
  const [supplierId, setSupplierId] = useState(initialSupplier);
  const { list: suppliers } = useSuppliers(deps.suppliers, deps.companyId);
  const set = (field: keyof ProductDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
  };

  const run = async (write: () => Promise<Result<void>>, done: string) => {
    setBusy(true);
    setProblem(null);
    const written = await write();
    setBusy(false);
    if (!written.ok) {
      setProblem(written.error.message);
      return;
    }
    deps.syncNow();
    onDone(done);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const others = catalog.products.filter((p) => p.id !== product?.id);
    const checked = checkDraft(
      draft,
      deps.currency,
      (barcode) => others.find((p) => p.barcode === barcode && p.active)?.name ?? null,
      (code) =>
        others.find((p) => !p.deleted_at && p.scale_code && scaleCodeKey(p.scale_code) === scaleCodeKey(code))
          ?.name ?? null,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    // The supplier is sent only when it changed: absent leaves it alone ([INS-9]).
    const fields =
      supplierId === initialSupplier
        ? checked.fields
        : { ...checked.fields, supplier_id: supplierId === '' ? null : supplierId };
    void run(
      () =>
        product
          ? deps.writer.updateProduct(product.id, fields)
          : deps.writer.createProduct(deps.companyId, fields),
      product ? `Saved "${fields.name}".` : `Added "${fields.name}".`,
    );
  };

  const categoryOptions = [
    { value: '', label: 'No category' },
    ...catalog.categories.map((category) => ({ value: category.id, label: category.name })),
  ];
  const supplierOptions = [
    { value: '', label: 'No supplier' },
    ...(suppliers.state === 'ready' ? suppliers.suppliers : []).map((supplier) => ({
      value: supplier.id,
      label: supplier.name,
    })),
  ];
  // Offline the list cannot be read: the product's supplier stays chosen, under a name that says so.
  if (supplierId !== '' && !supplierOptions.some((option) => option.value === supplierId)) {
    supplierOptions.push({ value: supplierId, label: 'Its current supplier' });
  }
  const title = product ? `Edit ${product.name}` : 'New product';
  return (
    <form className="product-form card" aria-label={title} onSubmit={submit} noValidate>
      <h2 className="card__title">{title}</h2>
      {!online ? <Alert tone="warning">{needsConnection()} What you type here is kept.</Alert> : null}
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="product-form__grid">
        <TextField
          label="Name"
          name="name"
          value={draft.name}
          onChange={set('name')}
          error={errors.name ?? null}
          isRequired
        />
        <TextField
          label="SKU"
          name="sku"
          value={draft.sku}
          onChange={set('sku')}
          error={errors.sku ?? null}
        />
        <TextField
          label="Barcode"
          name="barcode"
          value={draft.barcode}
          onChange={set('barcode')}
          error={errors.barcode ?? null}
        />
        <TextField
          label="Scale item code"
          name="scale-code"
          inputMode="numeric"
          description="The item number your scale prints on its labels (Settings → Shop → Scale labels)."
          value={draft.scaleCode}
          onChange={set('scaleCode')}
          error={errors.scaleCode ?? null}
        />
        <SelectField
          label="Category"
          name="category"
          value={draft.categoryId}
          onChange={set('categoryId')}
          options={categoryOptions}
        />
        <SelectField
          label="Supplier"
          name="supplier"
          value={supplierId}
          onChange={setSupplierId}
          options={supplierOptions}
        />
        <TextField
          label={`Price (${deps.currency})`}
          name="price"
          value={draft.price}
          onChange={set('price')}
          error={errors.price ?? null}
          inputMode="text"
          isRequired
        />
        <TextField
          label={`Cost (${deps.currency})`}
          name="cost"
          value={draft.cost}
          onChange={set('cost')}
          error={errors.cost ?? null}
          inputMode="text"
          description="What one unit costs the shop; empty if unknown. Receiving stock can update it."
        />
        <TextField
          label="Tax rate (%)"
          name="tax"
          value={draft.taxPercent}
          onChange={set('taxPercent')}
          error={errors.taxPercent ?? null}
        />
        <TextField
          label="Reorder level"
          name="reorder"
          value={draft.reorderLevel}
          onChange={set('reorderLevel')}
          error={errors.reorderLevel ?? null}
          description="Low stock at or below this; empty for none."
        />
        <label className="product-form__check">
          <input
            type="checkbox"
            checked={draft.trackStock}
            onChange={(event) => {
              setDraft((current) => ({ ...current, trackStock: event.target.checked }));
            }}
          />{' '}
          Track stock
        </label>
      </div>
      <div className="product-form__actions">
        <Button type="submit" isDisabled={!online || busy}>
          {product ? 'Save product' : 'Add product'}
        </Button>
        {product ? (
          <Button
            variant="secondary"
            isDisabled={!online || busy}
            onPress={() =>
              void run(
                () => deps.writer.setProductArchived(product.id, product.active),
                product.active ? `Archived "${product.name}".` : `Restored "${product.name}".`,
              )
            }
          >
            {product.active ? 'Archive product' : 'Restore product'}
          </Button>
        ) : null}
        <Button variant="ghost" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
