// An item set ([PROMO-1]) chosen from the shop's products (parents cover their variants; a variant is itself)
// and categories: a search field, the first matches to add, and what is chosen with a button to take each
// off. The problem of the set (it names nothing) is shown under it and announced.
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../ui/button';
import type { ItemPick } from './promotion-draft';
import type { NamedRow, PromotionCatalog } from './use-promotion-catalog';

const MATCHES = 6;

interface Choice {
  kind: 'product' | 'category';
  row: NamedRow;
}

export function ItemSetPicker({
  label,
  value,
  onChange,
  catalog,
  error,
}: {
  label: string;
  value: ItemPick;
  onChange: (value: ItemPick) => void;
  catalog: PromotionCatalog;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const id = useId();
  const [search, setSearch] = useState('');
  const chosen: Choice[] = useMemo(() => {
    const products = new Map(catalog.products.map((row) => [row.id, row]));
    const categories = new Map(catalog.categories.map((row) => [row.id, row]));
    // A chosen row the mirror no longer has (deleted since) is still listed, by its id, so it can be taken off.
    return [
      ...value.categoryIds.map((key) => ({
        kind: 'category' as const,
        row: categories.get(key) ?? { id: key, name: key },
      })),
      ...value.productIds.map((key) => ({
        kind: 'product' as const,
        row: products.get(key) ?? { id: key, name: key },
      })),
    ];
  }, [catalog, value]);
  const matches: Choice[] = useMemo(() => {
    const text = search.trim().toLowerCase();
    if (text === '') return [];
    const fits = (row: NamedRow) => row.name.toLowerCase().includes(text);
    return [
      ...catalog.categories
        .filter((row) => fits(row) && !value.categoryIds.includes(row.id))
        .map((row) => ({ kind: 'category' as const, row })),
      ...catalog.products
        .filter((row) => fits(row) && !value.productIds.includes(row.id))
        .map((row) => ({ kind: 'product' as const, row })),
    ].slice(0, MATCHES);
  }, [catalog, search, value]);

  const add = (choice: Choice) => {
    onChange(
      choice.kind === 'product'
        ? { ...value, productIds: [...value.productIds, choice.row.id] }
        : { ...value, categoryIds: [...value.categoryIds, choice.row.id] },
    );
  };
  const remove = (choice: Choice) => {
    onChange(
      choice.kind === 'product'
        ? { ...value, productIds: value.productIds.filter((key) => key !== choice.row.id) }
        : { ...value, categoryIds: value.categoryIds.filter((key) => key !== choice.row.id) },
    );
  };
  const kindWords = (choice: Choice) => (choice.kind === 'product' ? t`Product` : t`Category`);

  return (
    <fieldset
      className="item-picker"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{label}</legend>
      {chosen.length === 0 ? (
        <p className="field__hint">
          <Trans>Nothing chosen yet.</Trans>
        </p>
      ) : (
        <ul className="item-picker__chosen">
          {chosen.map((choice) => {
            const name = choice.row.name;
            return (
              <li key={`${choice.kind}-${choice.row.id}`} className="item-picker__chip">
                <span>
                  <span className="item-picker__kind">{kindWords(choice)}</span> {name}
                </span>
                <Button
                  variant="ghost"
                  aria-label={t`Remove ${name}`}
                  onPress={() => {
                    remove(choice);
                  }}
                >
                  ×
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <label className="field">
        <span className="field__label">
          <Trans>Find products or categories for: {label}</Trans>
        </span>
        <input
          className="field__input"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
      </label>
      {matches.length > 0 ? (
        <ul className="item-picker__matches">
          {matches.map((choice) => {
            const name = choice.row.name;
            return (
              <li key={`${choice.kind}-${choice.row.id}`}>
                <Button
                  variant="secondary"
                  onPress={() => {
                    add(choice);
                  }}
                >
                  {choice.kind === 'product' ? <Trans>Add {name}</Trans> : <Trans>Add category {name}</Trans>}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
