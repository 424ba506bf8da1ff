// The modifier catalogue as the register reads it offline ([MOD-1]..[MOD-3], issue 21): the mirrored groups,
// options and attachments of one shop, read once into memory, and the ONE place on the till that says which
// groups a product uses (the server's is private.product_modifier_groups).
import type { ModifierGroup } from '../../domain/modifier-pricing';
import type { MirrorDb, MirrorProductModifierGroup } from './mirror-db';

export interface ModifierCatalog {
  /** Every live group of the shop, by id, with its active options in order. */
  groups: ReadonlyMap<string, ModifierGroup>;
  /** Each product's attachments, in order. */
  attached: ReadonlyMap<string, readonly MirrorProductModifierGroup[]>;
}

export const emptyModifierCatalog: ModifierCatalog = { groups: new Map(), attached: new Map() };

/** Rows in their position's order; a tie goes by id, so every till lists them alike. */
export const byPosition = (a: { position: number; id: string }, b: { position: number; id: string }) =>
  a.position - b.position || a.id.localeCompare(b.id);

/** Reads the shop's modifier catalogue from the mirror (tombstoned rows are already gone, [PULL-T]). */
export async function loadModifierCatalog(mirror: MirrorDb, companyId: string): Promise<ModifierCatalog> {
  const [groups, options, attached] = await Promise.all([
    mirror.modifierGroups.where('company_id').equals(companyId).toArray(),
    mirror.modifierOptions.where('company_id').equals(companyId).toArray(),
    mirror.productModifierGroups.where('company_id').equals(companyId).toArray(),
  ]);
  const live = options.filter((option) => option.active && !option.deleted_at).sort(byPosition);
  const catalogGroups = new Map<string, ModifierGroup>();
  for (const group of groups.filter((row) => !row.deleted_at)) {
    catalogGroups.set(group.id, {
      id: group.id,
      name: group.name,
      minChoices: group.min_choices,
      maxChoices: group.max_choices,
      options: live
        .filter((option) => option.group_id === group.id)
        .map((option) => ({ id: option.id, name: option.name, priceDelta: option.price_delta })),
    });
  }
  const byProduct = new Map<string, MirrorProductModifierGroup[]>();
  for (const row of attached.filter((row) => !row.deleted_at).sort(byPosition)) {
    byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  }
  return { groups: catalogGroups, attached: byProduct };
}

/**
 * [MOD-3] The groups a product asks for, in order — the one place the till says it: its own, or for a variant
 * with none of its own, its parent's ([VAR-3]; the server's private.product_modifier_groups says the same).
 * Groups with no option left to choose are left out, so a sale is never stuck on them.
 */
export function productModifierGroups(
  catalog: ModifierCatalog,
  product: { id: string; variant_of?: string | null },
): ModifierGroup[] {
  const own = catalog.attached.get(product.id);
  const attached = own ?? (product.variant_of ? catalog.attached.get(product.variant_of) : undefined);
  return (attached ?? [])
    .map((row) => catalog.groups.get(row.group_id))
    .filter((group): group is ModifierGroup => group !== undefined && group.options.length > 0);
}
