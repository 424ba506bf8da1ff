// Small pieces the promotion form repeats: a labelled checkbox, and the form's state handed to its sections
// (the draft, a setter per field, the errors by field path, the shop's currency and catalogue).
import type { ReactNode } from 'react';
import type { PromotionDraft } from './promotion-draft';
import type { PromotionCatalog } from './use-promotion-catalog';

export interface FormState {
  draft: PromotionDraft;
  update: (change: Partial<PromotionDraft>) => void;
  /** The sentence under a field, by its path (`rule.rate`, `slots.0`). */
  error: (field: string) => string | undefined;
  currency: string;
  catalog: PromotionCatalog;
}

export function Check({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  return (
    <div className="promotion-form__check">
      <label>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />{' '}
        {label}
      </label>
      {hint ? <p className="field__hint">{hint}</p> : null}
    </div>
  );
}
