// Picks one product: a searchable combobox over name, SKU and barcode (a catalog of hundreds does not fit a
// dropdown). It lists only the first matches, so it stays quick with a catalog of 50,000 products.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import type { MirrorProduct } from '../../data/local/mirror-db';

const SHOWN = 100;
/** The key of the empty choice ("Any product"): react-aria keys are never the empty string here. */
const ANY = 'any-product';

interface Choice {
  id: string;
  label: string;
}

function matches(product: MirrorProduct, words: string[]): boolean {
  const text = `${productLabel(product)} ${product.barcode ?? ''}`.toLowerCase();
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
  const { t } = useLingui();
  const lowerLabel = label.toLowerCase();
  const chosen = products.find((product) => product.id === value);
  const chosenText = chosen ? productLabel(chosen) : (allowAny ?? '');
  const [query, setQuery] = useState(chosenText);
  // The input shows the chosen product's label once picked: that is no search, so the list shows everything.
  const searching = query === chosenText ? '' : query;
  const choices = useMemo(() => {
    const words = searching.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = products.filter((product) => matches(product, words)).slice(0, SHOWN);
    // The chosen product stays in the list, or the combobox could not name the selection.
    if (chosen && !shown.includes(chosen)) shown.unshift(chosen);
    const found: Choice[] = shown.map((product) => ({ id: product.id, label: productLabel(product) }));
    return allowAny !== undefined && words.length === 0 ? [{ id: ANY, label: allowAny }, ...found] : found;
  }, [products, searching, allowAny, chosen]);
  const selectedKey = value !== '' ? value : allowAny !== undefined ? ANY : null;

  return (
    <ComboBox
      className="field product-picker"
      items={choices}
      inputValue={query}
      onInputChange={setQuery}
      value={selectedKey}
      onChange={(key) => {
        if (key === null) return;
        const picked = choices.find((choice) => choice.id === key);
        if (picked) setQuery(picked.label);
        onChange(key === ANY ? '' : (picked?.id ?? ''));
      }}
      menuTrigger="focus"
    >
      <Label className="field__label">{label}</Label>
      <div className="product-picker__row">
        <Input className="field__input" placeholder={t`Name, SKU or barcode`} />
        <Button className="product-picker__toggle" aria-label={t`Show ${lowerLabel} choices`}>
          ▾
        </Button>
      </div>
      <Popover className="product-picker__popover" placement="bottom start">
        <ListBox<Choice>
          className="product-picker__list"
          renderEmptyState={() => (
            <p className="product-picker__empty">
              <Trans>No product matches.</Trans>
            </p>
          )}
        >
          {(choice) => (
            <ListBoxItem id={choice.id} textValue={choice.label} className="product-picker__option">
              {choice.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
