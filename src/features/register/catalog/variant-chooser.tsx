// Tapping a parent (a product with options) asks for them in one step (issue 21, [VAR-C1]..[VAR-C3]): one
// row of large buttons per option, a value that no variant on sale has with the picks so far disabled, and
// the variant added as soon as the picks name one. Loaded when a parent is first tapped, not with the
// register.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { formatMoney } from '../../../domain/money-text';
import { choicesOf, chosenVariant, noPicks, pick, type Picks } from '../../../domain/variant-choice';
import { variantsOf, type MirrorProduct } from '../../../data/local/mirror-db';
import { Dialog } from '../../../ui/dialog';
import './variant-chooser.css';

export interface VariantChooserProps {
  parent: MirrorProduct;
  /** The register's catalogue: the parent's variants on sale are among these. */
  products: readonly MirrorProduct[];
  currency: string;
  onChoose: (variant: MirrorProduct) => void;
  onClose: () => void;
}

export default function VariantChooser({
  parent,
  products,
  currency,
  onChoose,
  onClose,
}: VariantChooserProps) {
  const { t } = useLingui();
  const parentName = parent.name;
  const names = parent.option_names ?? [];
  const variants = useMemo(() => variantsOf(products, parent.id), [products, parent.id]);
  const options = useMemo(
    () => variants.map((variant) => ({ id: variant.id, values: variant.option_values ?? [] })),
    [variants],
  );
  const [picks, setPicks] = useState<Picks>(() => noPicks(names.length));
  const choices = choicesOf(names.length, options, picks);

  const range = priceRange(variants, currency);
  const tap = (option: number, value: string) => {
    const next = pick(options, picks, option, value);
    const chosen = chosenVariant(options, next);
    const variant = chosen && variants.find((candidate) => candidate.id === chosen.id);
    if (variant) onChoose(variant);
    else setPicks(next);
  };

  return (
    <Dialog
      title={t`Choose ${parentName}`}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {variants.length === 0 ? (
        <p className="variant-chooser__none">
          <Trans>No variant of {parentName} is on sale.</Trans>
        </p>
      ) : (
        names.map((name, option) => (
          <div key={name} className="variant-chooser__option" role="group" aria-label={name}>
            <span className="variant-chooser__name">{name}</span>
            <div className="variant-chooser__values">
              {(choices[option] ?? []).map((choice) => (
                <button
                  key={choice.value}
                  type="button"
                  className="variant-chooser__value"
                  aria-pressed={choice.picked}
                  disabled={!choice.enabled}
                  onClick={() => {
                    tap(option, choice.value);
                  }}
                >
                  {choice.value}
                </button>
              ))}
            </div>
          </div>
        ))
      )}
      {variants.length > 0 ? (
        <p className="variant-chooser__hint">
          <Trans>{range} · tap one value of each option; the item is added when they name one.</Trans>
        </p>
      ) : null}
    </Dialog>
  );
}

/** "€15.00" or "€15.00–€17.00": what the variants on sale cost. */
function priceRange(variants: readonly MirrorProduct[], currency: string): string {
  const prices = variants.map((variant) => variant.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high
    ? formatMoney(low, currency)
    : `${formatMoney(low, currency)}–${formatMoney(high, currency)}`;
}
