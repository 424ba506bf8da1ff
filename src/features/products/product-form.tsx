// Create or edit one product (managers and owners). The draft lives in this component's state: offline the
// save buttons are disabled and say why, and whatever was typed stays until the connection is back. A save
// goes straight to the server (no product op exists in apply_ops), then asks sync to pull so the list follows.
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
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
    const { name } = fields;
    void run(
      () =>
        product
          ? deps.writer.updateProduct(product.id, fields)
          : deps.writer.createProduct(deps.companyId, fields),
      product ? t`Saved "${name}".` : t`Added "${name}".`,
    );
  };

  const categoryOptions = [
    { value: '', label: t`No category` },
    ...catalog.categories.map((category) => ({ value: category.id, label: category.name })),
  ];
  const supplierOptions = [
    { value: '', label: t`No supplier` },
    ...(suppliers.state === 'ready' ? suppliers.suppliers : []).map((supplier) => ({
      value: supplier.id,
      label: supplier.name,
    })),
  ];
  // Offline the list cannot be read: the product's supplier stays chosen, under a name that says so.
  if (supplierId !== '' && !supplierOptions.some((option) => option.value === supplierId)) {
    supplierOptions.push({ value: supplierId, label: t`Its current supplier` });
  }
  const productName = product?.name ?? '';
  const title = product ? t`Edit ${productName}` : t`New product`;
  const currency = deps.currency;
  return (
    <form className="product-form card" aria-label={title} onSubmit={submit} noValidate>
      <h2 className="card__title">{title}</h2>
      {!online ? (
        <Alert tone="warning">
          {needsConnection()} <Trans>What you type here is kept.</Trans>
        </Alert>
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="product-form__grid">
        <TextField
          label={t`Name`}
          name="name"
          value={draft.name}
          onChange={set('name')}
          error={errors.name ?? null}
          isRequired
        />
        <TextField
          label={t`SKU`}
          name="sku"
          value={draft.sku}
          onChange={set('sku')}
          error={errors.sku ?? null}
        />
        <TextField
          label={t`Barcode`}
          name="barcode"
          value={draft.barcode}
          onChange={set('barcode')}
          error={errors.barcode ?? null}
        />
        <TextField
          label={t`Scale item code`}
          name="scale-code"
          inputMode="numeric"
          description={t`The item number your scale prints on its labels (Settings → Shop → Scale labels).`}
          value={draft.scaleCode}
          onChange={set('scaleCode')}
          error={errors.scaleCode ?? null}
        />
        <SelectField
          label={t`Category`}
          name="category"
          value={draft.categoryId}
          onChange={set('categoryId')}
          options={categoryOptions}
        />
        <SelectField
          label={t`Supplier`}
          name="supplier"
          value={supplierId}
          onChange={setSupplierId}
          options={supplierOptions}
        />
        <TextField
          label={t`Price (${currency})`}
          name="price"
          value={draft.price}
          onChange={set('price')}
          error={errors.price ?? null}
          inputMode="text"
          isRequired
        />
        <TextField
          label={t`Cost (${currency})`}
          name="cost"
          value={draft.cost}
          onChange={set('cost')}
          error={errors.cost ?? null}
          inputMode="text"
          description={t`What one unit costs the shop; empty if unknown. Receiving stock can update it.`}
        />
        <TextField
          label={t`Tax rate (%)`}
          name="tax"
          value={draft.taxPercent}
          onChange={set('taxPercent')}
          error={errors.taxPercent ?? null}
        />
        <TextField
          label={t`Reorder level`}
          name="reorder"
          value={draft.reorderLevel}
          onChange={set('reorderLevel')}
          error={errors.reorderLevel ?? null}
          description={t`Low stock at or below this; empty for none.`}
        />
        <label className="product-form__check">
          <input
            type="checkbox"
            checked={draft.trackStock}
            onChange={(event) => {
              setDraft((current) => ({ ...current, trackStock: event.target.checked }));
            }}
          />{' '}
          <Trans>Track stock</Trans>
        </label>
      </div>
      <div className="product-form__actions">
        <Button type="submit" isDisabled={!online || busy}>
          {product ? <Trans>Save product</Trans> : <Trans>Add product</Trans>}
        </Button>
        {product ? (
          <Button
            variant="secondary"
            isDisabled={!online || busy}
            onPress={() =>
              void run(
                () => deps.writer.setProductArchived(product.id, product.active),
                product.active ? t`Archived "${productName}".` : t`Restored "${productName}".`,
              )
            }
          >
            {product.active ? <Trans>Archive product</Trans> : <Trans>Restore product</Trans>}
          </Button>
        ) : null}
        <Button variant="ghost" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
