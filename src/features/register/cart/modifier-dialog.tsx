// The modifier dialog ([MOD-3], issue 21): tapping a product with modifier groups asks for them in one step
// before its line is added, and a line's 'Change options' reopens it. Each option is a touch-sized toggle
// named with its price ("Oat +0.50"); the running line price follows the choice; 'Add to sale' stays disabled,
// with words saying what is missing, until every group is within its minimum and maximum. Lazy-loaded: the
// register's first screen does not carry it.
import { Trans } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import {
  checkModifierChoice,
  chosenModifiers,
  groupRuleText,
  isRequired,
  modifiedUnitPrice,
  optionLabel,
  problemText,
  type ChosenModifier,
  type ModifierGroup,
} from '../../../domain/modifier-pricing';
import type { Minor } from '../../../domain/money';
import { formatMoney } from '../../../domain/money-text';
import { Dialog } from '../../../ui/dialog';
import './modifier-dialog.css';

export interface ModifierDialogProps {
  productName: string;
  /** The product's own price, which the options' deltas are added to. */
  basePrice: Minor;
  groups: readonly ModifierGroup[];
  /** The options already chosen (a line being edited); none for a new line. */
  initial?: readonly string[];
  currency: string;
  /** 'Add to sale' for a new line, 'Update line' for a line being edited. */
  confirmLabel: string;
  onConfirm: (chosen: ChosenModifier[]) => void;
  onClose: () => void;
}

/** One group's choice after a tap: a single-choice group swaps, others toggle within their maximum. */
function toggled(group: ModifierGroup, chosen: readonly string[], optionId: string): string[] {
  const mine = new Set(group.options.map((option) => option.id));
  if (chosen.includes(optionId)) return chosen.filter((id) => id !== optionId);
  if (group.maxChoices === 1) return [...chosen.filter((id) => !mine.has(id)), optionId];
  const count = chosen.filter((id) => mine.has(id)).length;
  return count >= group.maxChoices ? [...chosen] : [...chosen, optionId];
}

export default function ModifierDialog(props: ModifierDialogProps) {
  const { productName, basePrice, groups, currency, confirmLabel, onConfirm, onClose } = props;
  const [chosenIds, setChosenIds] = useState<string[]>(() => [...(props.initial ?? [])]);
  const chosen = useMemo(() => chosenModifiers(groups, chosenIds), [groups, chosenIds]);
  const problems = checkModifierChoice(groups, chosenIds);
  const price = modifiedUnitPrice(basePrice, chosen);
  const missing = problemText(problems);
  const money = (amount: Minor) => formatMoney(amount, currency);
  const linePrice = money(price);
  return (
    <Dialog
      title={productName}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className="modifiers">
        {groups.map((group) => {
          const count = group.options.filter((option) => chosenIds.includes(option.id)).length;
          return (
            <fieldset key={group.id} className="modifiers__group">
              <legend className="modifiers__legend">
                {group.name}{' '}
                <span className="modifiers__rule">
                  {groupRuleText(group)}
                  {isRequired(group) ? (
                    <>
                      {' '}
                      <Trans>(required)</Trans>
                    </>
                  ) : null}
                </span>
              </legend>
              <div className="modifiers__options">
                {group.options.map((option) => {
                  const on = chosenIds.includes(option.id);
                  const full = !on && group.maxChoices > 1 && count >= group.maxChoices;
                  return (
                    <button
                      key={option.id}
                      type="button"
                      className={on ? 'modifiers__option modifiers__option--on' : 'modifiers__option'}
                      aria-pressed={on}
                      disabled={full}
                      onClick={() => {
                        setChosenIds((now) => toggled(group, now, option.id));
                      }}
                    >
                      {optionLabel(option.name, option.priceDelta, currency)}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <p className="modifiers__price" aria-live="polite">
          <Trans>
            Line price: <strong>{linePrice}</strong>
          </Trans>
        </p>
        {missing !== '' ? (
          <p className="modifiers__missing" role="status">
            {missing}
          </p>
        ) : null}
        <div className="modifiers__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="button button--primary button--lg"
            disabled={problems.length > 0}
            onClick={() => {
              onConfirm(chosen);
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
