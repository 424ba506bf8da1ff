// Modifiers (issue 21, supabase/SPEC.md §15): what a product's modifier groups let a cashier choose, and the
// price a line takes from the choice. The server re-checks the same price rule ([MOD-4],
// private.modified_unit_price) and tests/integration/modifier-agree.test.ts runs both on the same inputs.
import { i18n as screenI18n, type I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { currencyExponent } from './currency';
import { sum, type Minor } from './money';
import { toDecimalString } from './money-text';

export interface ModifierOption {
  id: string;
  name: string;
  /** Added to the unit price per unit; negative takes off. */
  priceDelta: Minor;
}

export interface ModifierGroup {
  id: string;
  name: string;
  /** At least this many options; 1 or more makes the group required. */
  minChoices: number;
  maxChoices: number;
  /** The options a cashier may choose now (active, not removed), in order. */
  options: readonly ModifierOption[];
}

/** One chosen option as the line carries it: enough to print it and to send it, whatever the catalogue does later. */
export interface ChosenModifier {
  optionId: string;
  groupId: string;
  groupName: string;
  optionName: string;
  priceDelta: Minor;
}

export type ModifierProblem =
  | { code: 'unknown_option'; optionId: string }
  | { code: 'too_few'; groupId: string; groupName: string; missing: number }
  | { code: 'too_many'; groupId: string; groupName: string; extra: number };

/** [MOD-4] A line's unit price: the base price plus each chosen option's delta, never below zero. */
export function modifiedUnitPrice(
  basePrice: Minor,
  chosen: readonly Pick<ChosenModifier, 'priceDelta'>[],
): Minor {
  return Math.max(0, basePrice + sum(chosen.map((modifier) => modifier.priceDelta)));
}

export function isRequired(group: Pick<ModifierGroup, 'minChoices'>): boolean {
  return group.minChoices >= 1;
}

/**
 * [MOD-3] Checks a choice against the product's groups: each option belongs to one of them (once), and each
 * group is chosen at least minChoices and at most maxChoices times. No problems: the choice is valid.
 */
export function checkModifierChoice(
  groups: readonly ModifierGroup[],
  optionIds: readonly string[],
): ModifierProblem[] {
  const groupOf = new Map<string, ModifierGroup>();
  for (const group of groups) for (const option of group.options) groupOf.set(option.id, group);
  const problems: ModifierProblem[] = [];
  const counts = new Map<string, number>();
  for (const optionId of new Set(optionIds)) {
    const group = groupOf.get(optionId);
    if (group === undefined) problems.push({ code: 'unknown_option', optionId });
    else counts.set(group.id, (counts.get(group.id) ?? 0) + 1);
  }
  for (const group of groups) {
    const count = counts.get(group.id) ?? 0;
    if (count < group.minChoices) {
      problems.push({
        code: 'too_few',
        groupId: group.id,
        groupName: group.name,
        missing: group.minChoices - count,
      });
    } else if (count > group.maxChoices) {
      problems.push({
        code: 'too_many',
        groupId: group.id,
        groupName: group.name,
        extra: count - group.maxChoices,
      });
    }
  }
  return problems;
}

/** What a group asks for, in the cashier's words: "Choose 1", "Choose up to 2", "Choose 1 to 3". */
export function groupRuleText(
  group: Pick<ModifierGroup, 'minChoices' | 'maxChoices'>,
  i18n: I18n = screenI18n,
): string {
  const { minChoices, maxChoices } = group;
  if (minChoices === maxChoices) return i18n._(msg`Choose ${minChoices}`);
  if (minChoices === 0) return i18n._(msg`Choose up to ${maxChoices}`);
  return i18n._(msg`Choose ${minChoices} to ${maxChoices}`);
}

/** What still stops 'Add to sale', in words: "Choose Milk." or "Choose 1 more for Extras." — empty when nothing does. */
export function problemText(problems: readonly ModifierProblem[], i18n: I18n = screenI18n): string {
  return problems
    .map((problem) => {
      switch (problem.code) {
        case 'too_few': {
          const { missing, groupName } = problem;
          return missing === 1
            ? i18n._(msg`Choose ${groupName}.`)
            : i18n._(msg`Choose ${plural(missing, { one: '# more', other: '# more' })} for ${groupName}.`);
        }
        case 'too_many': {
          const { extra, groupName } = problem;
          return i18n._(msg`Take ${extra} off ${groupName}.`);
        }
        case 'unknown_option':
          return i18n._(msg`A choice is no longer on offer.`);
      }
    })
    .join(' ');
}

/** The chosen options in the groups' order, each with its group's and its own name and delta. */
export function chosenModifiers(
  groups: readonly ModifierGroup[],
  optionIds: readonly string[],
): ChosenModifier[] {
  const wanted = new Set(optionIds);
  return groups.flatMap((group) =>
    group.options
      .filter((option) => wanted.has(option.id))
      .map((option) => ({
        optionId: option.id,
        groupId: group.id,
        groupName: group.name,
        optionName: option.name,
        priceDelta: option.priceDelta,
      })),
  );
}

/** [CART-2] Lines merge only with the same options: the choice as one comparable key ('' for none). */
export function modifierKey(chosen: readonly Pick<ChosenModifier, 'optionId'>[] | undefined): string {
  return (chosen ?? [])
    .map((modifier) => modifier.optionId)
    .sort()
    .join(',');
}

/** An option's delta as its button, the cart and the receipt show it: "+0.50", "-0.30", "" for none. */
export function deltaText(delta: Minor, currency: string): string {
  if (delta === 0) return '';
  return `${delta > 0 ? '+' : ''}${toDecimalString(delta, currencyExponent(currency))}`;
}

/** "Oat +0.50": an option with its delta, the name a button, a cart line and a receipt give it. */
export function optionLabel(name: string, delta: Minor, currency: string): string {
  const price = deltaText(delta, currency);
  return price === '' ? name : `${name} ${price}`;
}
