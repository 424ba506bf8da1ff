// The products list's search and filters: name/SKU/barcode search, category, low stock, archived shown.
import { Trans, useLingui } from '@lingui/react/macro';
import { NO_CATEGORY, type ProductFilter } from './product-filter';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { CategoryRow } from './use-products-live';

export function ProductsFilters({
  filter,
  onChange,
  categories,
}: {
  filter: ProductFilter;
  onChange: (filter: ProductFilter) => void;
  categories: readonly CategoryRow[];
}) {
  const { t } = useLingui();
  const options = [
    { value: '', label: t`All categories` },
    { value: NO_CATEGORY, label: t`No category` },
    ...categories.map((category) => ({ value: category.id, label: category.name })),
  ];
  return (
    <div className="products-filters">
      <TextField
        label={t`Search name, SKU or barcode`}
        name="product-search"
        value={filter.query}
        onChange={(query) => {
          onChange({ ...filter, query });
        }}
      />
      <SelectField
        label={t`Category`}
        name="category-filter"
        value={filter.categoryId}
        onChange={(categoryId) => {
          onChange({ ...filter, categoryId });
        }}
        options={options}
      />
      <label className="products-filters__check">
        <input
          type="checkbox"
          checked={filter.lowStock}
          onChange={(event) => {
            onChange({ ...filter, lowStock: event.target.checked });
          }}
        />{' '}
        <Trans>Low stock only</Trans>
      </label>
      <label className="products-filters__check">
        <input
          type="checkbox"
          checked={filter.showArchived}
          onChange={(event) => {
            onChange({ ...filter, showArchived: event.target.checked });
          }}
        />{' '}
        <Trans>Show archived</Trans>
      </label>
    </div>
  );
}
