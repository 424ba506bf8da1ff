// The stock screens' way to a product: the register's scanner (its scans routed here while the screen is
// open) or a search field that takes a barcode or a name. Only a product that keeps stock reaches `onPick`;
// anything else is said through `onNotice`.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductSearchIndex } from '../../../domain/product-search';
import { isVariantParent } from '../../../domain/variant-stock';
import type { MirrorProduct } from '../../../data/local/mirror-db';
import type { ScanRoute } from './scan-route';

export interface ProductFinderProps {
  label: string;
  inputId: string;
  index: ProductSearchIndex<MirrorProduct>;
  scans: ScanRoute;
  onPick: (product: MirrorProduct) => void;
  onNotice: (text: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function ProductFinder({
  label,
  inputId,
  index,
  scans,
  onPick,
  onNotice,
  inputRef,
}: ProductFinderProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [matches, setMatches] = useState<MirrorProduct[]>([]);

  const take = useCallback(
    (product: MirrorProduct) => {
      setMatches([]);
      setSearch('');
      const name = product.name;
      if (isVariantParent(product)) onNotice(t`${name} has variants: scan or choose one of them.`);
      else if (!product.track_stock) onNotice(t`${name} does not track stock.`);
      else onPick(product);
    },
    [onPick, onNotice, t],
  );

  const onScan = useCallback(
    (code: string) => {
      const product = index.findByCode(code);
      if (product) take(product);
      else onNotice(t`No product has this barcode`);
    },
    [index, take, onNotice, t],
  );
  const latestScan = useRef(onScan);
  useEffect(() => {
    latestScan.current = onScan;
  }, [onScan]);
  useEffect(
    () =>
      scans.take((code) => {
        latestScan.current(code);
      }),
    [scans],
  );

  const find = () => {
    const text = search.trim();
    if (text === '') return;
    const byCode = index.findByCode(text);
    if (byCode) {
      take(byCode);
      return;
    }
    // Digits only, as a scanner types them: a barcode no product has, not a name.
    if (/^\d{6,}$/.test(text)) {
      onNotice(t`No product has this barcode`);
      return;
    }
    const found = index.search(text, 8).items;
    if (found.length === 1 && found[0]) take(found[0]);
    else if (found.length === 0) onNotice(t`No product matches "${text}"`);
    else setMatches(found);
  };

  return (
    <>
      <form
        className="receive-stock__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          find();
        }}
      >
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          ref={inputRef}
          className="field__input"
          type="search"
          value={search}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
        <button type="submit" className="button button--secondary">
          <Trans>Find</Trans>
        </button>
      </form>
      {matches.length > 0 ? (
        <ul className="receive-stock__matches" aria-label={t`Products found`}>
          {matches.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  take(product);
                }}
              >
                {product.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
