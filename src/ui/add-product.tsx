// 'Add product' under a back-office document's lines (a purchase order, a transfer): typing a name or a SKU
// offers the first few products that match every word and are not on the document yet; choosing one adds it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from './button';
import { TextField } from './text-field';
import './document.css';

/** Products offered at once; typing narrows them. */
const SHOWN_MATCHES = 8;

interface Findable {
  id: string;
  name: string;
  sku?: string | null;
}

/** The products whose name or SKU holds every word typed, leaving out those already on the document. */
export function productMatches<Product extends Findable>(
  products: readonly Product[],
  search: string,
  onDocument: ReadonlySet<string>,
): Product[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return products
    .filter((product) => !onDocument.has(product.id))
    .filter((product) => {
      const text = `${product.name} ${product.sku ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .slice(0, SHOWN_MATCHES);
}

export function AddProduct<Product extends Findable>({
  products,
  onDocument,
  onAdd,
}: {
  products: readonly Product[];
  /** The ids of the products already on the document. */
  onDocument: ReadonlySet<string>;
  onAdd: (product: Product) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const matches = productMatches(products, search, onDocument);
  return (
    <div className="document__add">
      <TextField
        label={t`Add product`}
        name="add-product"
        value={search}
        placeholder={t`Name or SKU`}
        onChange={setSearch}
      />
      {matches.length > 0 ? (
        <ul className="document__matches" aria-label={t`Products found`}>
          {matches.map((product) => (
            <li key={product.id}>
              <Button
                variant="secondary"
                onPress={() => {
                  onAdd(product);
                  setSearch('');
                }}
              >
                <AddWords name={product.name} />
              </Button>
            </li>
          ))}
        </ul>
      ) : search.trim() !== '' ? (
        <p>{t`No product matches.`}</p>
      ) : null}
    </div>
  );
}

function AddWords({ name }: { name: string }) {
  return <Trans>Add {name}</Trans>;
}
