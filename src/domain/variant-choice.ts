// Choosing a variant at the counter (issue 21, src/domain/SPEC.md [VAR-C1]..[VAR-C4]): a parent product (one
// with option names, e.g. Size and Colour) is never sold itself; the cashier picks one value per option, in
// any order, and the variant with exactly those values is what goes on the sale. A value is offered only
// when some variant on sale has it together with the values already picked, so a combination that does not
// exist or is not on sale (inactive) cannot be chosen. Pure: the dialog holds the picks.

/** A variant as the chooser sees it: its product id and its values, one per option of the parent. */
export interface VariantOption {
  id: string;
  values: readonly string[];
}

/** One value of one option and whether it can be picked with the other options' picks. */
export interface ValueChoice {
  value: string;
  enabled: boolean;
  picked: boolean;
}

/** The picks so far: one entry per option, null where nothing is picked yet. */
export type Picks = readonly (string | null)[];

export function noPicks(optionCount: number): Picks {
  return Array.from({ length: optionCount }, () => null);
}

/** Whether a variant agrees with every pick, leaving out option `except` (-1: every option counts). */
function agrees(variant: VariantOption, picks: Picks, except = -1): boolean {
  return picks.every((pick, at) => at === except || pick === null || variant.values[at] === pick);
}

/**
 * [VAR-C1] Each option's values in the order the variants list them (their grid order), each enabled when a
 * variant on sale has it and agrees with the picks of the other options.
 */
export function choicesOf(
  optionCount: number,
  variants: readonly VariantOption[],
  picks: Picks,
): ValueChoice[][] {
  return Array.from({ length: optionCount }, (_, option) => {
    const values: string[] = [];
    for (const variant of variants) {
      const value = variant.values[option];
      if (value !== undefined && !values.includes(value)) values.push(value);
    }
    return values.map((value) => ({
      value,
      picked: picks[option] === value,
      enabled: variants.some((variant) => variant.values[option] === value && agrees(variant, picks, option)),
    }));
  });
}

/**
 * [VAR-C2] Picks `value` for `option` (picking the picked value again takes it back). Picks of other options
 * that no variant on sale has together with the new one are dropped, so the picks always lead somewhere.
 */
export function pick(variants: readonly VariantOption[], picks: Picks, option: number, value: string): Picks {
  const next = picks.map((current, at) => (at === option ? (current === value ? null : value) : current));
  const fits = (candidate: Picks) => variants.some((variant) => agrees(variant, candidate));
  if (fits(next)) return next;
  // Keep the new pick; drop the others, then give back each one that still fits, in option order.
  let kept: Picks = next.map((current, at) => (at === option ? current : null));
  next.forEach((current, at) => {
    if (at === option || current === null) return;
    const tried = kept.map((keptPick, i) => (i === at ? current : keptPick));
    if (fits(tried)) kept = tried;
  });
  return kept;
}

/**
 * [VAR-C3] The variant the picks name: once something is picked, the one variant on sale that agrees with
 * every pick. With every option picked that is the variant with exactly those values; sooner, when the picks
 * leave one variant (S comes only in Blue), it is that one, so the cashier taps no more than needed.
 */
export function chosenVariant(variants: readonly VariantOption[], picks: Picks): VariantOption | undefined {
  if (picks.every((current) => current === null)) return undefined;
  const matching = variants.filter((variant) => agrees(variant, picks));
  return matching.length === 1 ? matching[0] : undefined;
}

/** [VAR-C4] A variant's search words and label: its values joined by " / " ("M / Blue"). */
export function valuesLabel(values: readonly string[]): string {
  return values.join(' / ');
}
