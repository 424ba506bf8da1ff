// A product's variants (issue 21, [VAR-9]), for managers and owners: its options (up to three, each a name
// and its values typed as a list), 'Generate combinations' for a row per combination, and a row per variant
// with its SKU, barcode, price, cost, on hand and active flag to edit. Saving sends the whole grid to
// save_product_variants, one server transaction, so it needs a connection like every product edit; sync then
// pulls the variants back here and to the tills. Loaded only when a product's variants are opened.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type SyntheticEvent } from 'react';
import { variantsOf, type MirrorProduct } from '../../data/local/mirror-db';
import { needsConnection } from '../../data/remote/product-writes';
import { formatQuantity } from '../../domain/quantity';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import type { ProductsDeps } from './products-deps';
import type { CatalogData } from './use-products-live';
import {
  checkGrid,
  gridOf,
  MAX_OPTIONS,
  withCombinations,
  type Grid,
  type GridOption,
  type GridRow,
} from './variant-grid-draft';

export interface VariantGridProps {
  deps: ProductsDeps;
  catalog: CatalogData;
  parent: MirrorProduct;
  online: boolean;
  onDone: (message: string) => void;
  onCancel: () => void;
}

type RowField = 'sku' | 'barcode' | 'price' | 'cost';

export default function VariantGrid({ deps, catalog, parent, online, onDone, onCancel }: VariantGridProps) {
  const [grid, setGrid] = useState<Grid>(() =>
    gridOf(parent, variantsOf(catalog.products, parent.id), deps.currency),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const parentName = parent.name;

  const setOption = (at: number, field: keyof GridOption) => (value: string) => {
    setGrid((current) => ({
      ...current,
      options: current.options.map((option, i) => (i === at ? { ...option, [field]: value } : option)),
    }));
  };
  const setRow = (at: number, change: Partial<GridRow>) => {
    setGrid((current) => ({
      ...current,
      rows: current.rows.map((row, i) => (i === at ? { ...row, ...change } : row)),
    }));
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkGrid(grid, deps.currency);
    if (!checked.ok) {
      setProblem(checked.error.message);
      return;
    }
    setBusy(true);
    setProblem(null);
    const saved = await deps.writer.saveVariants(
      parent.id,
      checked.value.optionNames,
      checked.value.variants,
    );
    setBusy(false);
    if (!saved.ok) {
      setProblem(saved.error.message);
      return;
    }
    deps.syncNow();
    const { created, updated, deactivated } = saved.value;
    onDone(
      t`Saved the variants of ${parentName}: ${created} new, ${updated} changed, ${deactivated} deactivated.`,
    );
  };

  const title = t`Variants of ${parentName}`;
  return (
    <form
      className="variant-grid card"
      aria-label={title}
      onSubmit={(event) => {
        void submit(event);
      }}
      noValidate
    >
      <h2 className="card__title">{title}</h2>
      <fieldset className="variant-grid__options">
        <legend>
          <Trans>Options</Trans>
        </legend>
        {grid.options.map((option, at) => {
          const number = at + 1;
          return (
            <div key={at} className="variant-grid__option">
              <TextField
                label={t`Option ${number} name`}
                name={`option-${String(at)}-name`}
                value={option.name}
                onChange={setOption(at, 'name')}
                placeholder={t`Size`}
                maxLength={30}
              />
              <TextField
                label={t`Option ${number} values`}
                name={`option-${String(at)}-values`}
                value={option.values}
                onChange={setOption(at, 'values')}
                placeholder={t`S, M, L`}
                description={t`Separated by commas`}
              />
            </div>
          );
        })}
        <div className="variant-grid__option-actions">
          {grid.options.length < MAX_OPTIONS ? (
            <Button
              variant="secondary"
              onPress={() => {
                setGrid((current) => ({
                  ...current,
                  options: [...current.options, { name: '', values: '' }],
                }));
              }}
            >
              <Trans>Add option</Trans>
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onPress={() => {
              setGrid((current) => ({ ...current, rows: withCombinations(current, parent, deps.currency) }));
            }}
          >
            <Trans>Generate combinations</Trans>
          </Button>
        </div>
      </fieldset>
      <p className="variant-grid__note">
        <Trans>
          Variants left out of the grid are deactivated when you save; their stock and sales stay.
        </Trans>
      </p>
      {grid.rows.length > 0 ? (
        <table className="variant-grid__table" aria-label={t`Variants`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Variant</Trans>
              </th>
              <th scope="col">
                <Trans>SKU</Trans>
              </th>
              <th scope="col">
                <Trans>Barcode</Trans>
              </th>
              <th scope="col">
                <Trans>Price</Trans>
              </th>
              <th scope="col">
                <Trans>Cost</Trans>
              </th>
              <th scope="col">
                <Trans>On hand</Trans>
              </th>
              <th scope="col">
                <Trans>Active</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row, at) => {
              const label = row.values.join(' / ');
              const cell = (field: RowField, name: string) => (
                <td>
                  <input
                    className="field__input variant-grid__input"
                    aria-label={name}
                    value={row[field]}
                    onChange={(event) => {
                      setRow(at, { [field]: event.target.value });
                    }}
                  />
                </td>
              );
              return (
                <tr key={row.id ?? label}>
                  <th scope="row">{label}</th>
                  {cell('sku', t`SKU of ${label}`)}
                  {cell('barcode', t`Barcode of ${label}`)}
                  {cell('price', t`Price of ${label}`)}
                  {cell('cost', t`Cost of ${label}`)}
                  <td className="variant-grid__number">
                    {row.id === null ? '' : formatQuantity(catalog.onHand.get(row.id) ?? 0)}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t`${label} active`}
                      checked={row.active}
                      onChange={(event) => {
                        setRow(at, { active: event.target.checked });
                      }}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="variant-grid__note">
          <Trans>No variants yet: type the options and generate the combinations.</Trans>
        </p>
      )}
      {problem ? <Alert>{problem}</Alert> : null}
      {online ? null : <Alert tone="warning">{needsConnection()}</Alert>}
      <div className="product-form__actions">
        <Button type="submit" isDisabled={!online || busy}>
          <Trans>Save variants</Trans>
        </Button>
        <Button variant="ghost" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
