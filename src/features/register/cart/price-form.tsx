// 'Change price' on a cart line (issue 18): a button that opens a small form for the line's new unit price.
// What happens to a valid price is the caller's (a shared till may ask a manager first); its answer, or a
// typing error, shows under the field and the form stays open, so nothing typed is lost.
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { CartLine } from '../../../domain/cart';
import type { Minor } from '../../../domain/money';
import { parsePrice, priceText } from './price-text';

export interface PriceFormProps {
  line: CartLine;
  currency: string;
  /** Sets the price; answers an error to show, or null when the price changed. */
  onPrice: (unitPrice: Minor) => Promise<string | null>;
}

export function PriceChange({ line, currency, onPrice }: PriceFormProps) {
  const { t } = useLingui();
  const name = line.name;
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className="button button--ghost"
        aria-label={t`Change price of ${name}`}
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trans>Change price</Trans>
      </button>
    );
  }
  return (
    <PriceForm
      line={line}
      currency={currency}
      onPrice={onPrice}
      onClose={() => {
        setOpen(false);
      }}
    />
  );
}

function PriceForm({ line, currency, onPrice, onClose }: PriceFormProps & { onClose: () => void }) {
  const { t } = useLingui();
  const name = line.name;
  const id = useId();
  // Read from the DOM at submit, not from React state: the scanner hook may have put held-back keys of a
  // fast typist into the field itself (see commit-field.tsx).
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = parsePrice(input.current?.value ?? '', currency);
    if (!parsed.ok) {
      setError(parsed.error.message);
      return;
    }
    setBusy(true);
    const problem = await onPrice(parsed.value);
    setBusy(false);
    if (problem === null) onClose();
    else setError(problem);
  };
  return (
    <form
      className="price-form"
      aria-label={t`Price of ${name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <label htmlFor={id} className="commit-field__label">
        <Trans>New price of {name}</Trans>
      </label>
      <input
        id={id}
        className="field__input"
        ref={input}
        defaultValue={priceText(line.unitPrice, currency)}
        inputMode="decimal"
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={() => {
          setError(null);
        }}
      />
      {error !== null ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="price-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans>Set price</Trans>
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
