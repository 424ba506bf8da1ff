// [COUNTER-12] A weighed product rung up without a scale label (a tap, a quick key, a search result, a scan
// of its own barcode) asks for its weight here before its line is added: never a silent 1 kg. Part of the
// register's own chunk (not loaded on demand), so it opens offline from the first visit.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Minor } from '../../../domain/money';
import type { Milli } from '../../../domain/quantity';
import { parseWeight, WEIGHT_UNIT } from '../../../domain/weighed-line';
import { Alert } from '../../../ui/alert';
import { Dialog } from '../../../ui/dialog';

export interface WeightDialogProps {
  productName: string;
  /** The price per kg, said beside the field. */
  pricePerKg: Minor;
  money: (amount: Minor) => string;
  onWeight: (weight: Milli) => void;
  onClose: () => void;
}

export function WeightDialog({ productName, pricePerKg, money, onWeight, onClose }: WeightDialogProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog
      title={t`Weigh ${productName}`}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <form
        className="weight-entry"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = parseWeight(text);
          if (parsed.ok) onWeight(parsed.value);
          else setProblem(parsed.error.message);
        }}
      >
        <div className="field">
          <label htmlFor="weight-entry" className="field__label">
            <Trans>Weight ({WEIGHT_UNIT})</Trans>
          </label>
          <input
            id="weight-entry"
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            placeholder="1.25"
            aria-invalid={problem !== null}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
          />
          <span className="field__hint">
            {money(pricePerKg)}/{WEIGHT_UNIT}
          </span>
        </div>
        {problem !== null ? <Alert>{problem}</Alert> : null}
        <div className="weight-entry__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button--primary button--lg">
            <Trans>Add to sale</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
