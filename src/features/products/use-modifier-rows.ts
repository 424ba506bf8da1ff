// The modifier catalogue as the back office's Modifiers panel shows it: the shop's live groups, options and
// attachments from this device's mirror, followed live so a write shows after the pull it triggers. Unlike
// the register's loadModifierCatalog it keeps groups with no option yet, so a manager can fill them.
import { useCallback } from 'react';
import type {
  MirrorModifierGroup,
  MirrorModifierOption,
  MirrorProductModifierGroup,
} from '../../data/local/mirror-db';
import { byPosition } from '../../data/local/modifier-catalog';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import type { ProductsDeps } from './products-deps';

export interface ModifierRows {
  groups: MirrorModifierGroup[];
  /** Each group's options, in order. */
  options: Map<string, MirrorModifierOption[]>;
  /** Each product's attachments, in order. */
  attached: Map<string, MirrorProductModifierGroup[]>;
}

function grouped<T extends { position: number; id: string; deleted_at?: string | null }>(
  rows: T[],
  key: (row: T) => string,
) {
  const map = new Map<string, T[]>();
  for (const row of rows.filter((r) => !r.deleted_at).sort(byPosition)) {
    map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  }
  return map;
}

async function readModifierRows(deps: ProductsDeps): Promise<ModifierRows> {
  const { mirror, companyId } = deps;
  const [groups, options, attached] = await Promise.all([
    mirror.modifierGroups.where('company_id').equals(companyId).toArray(),
    mirror.modifierOptions.where('company_id').equals(companyId).toArray(),
    mirror.productModifierGroups.where('company_id').equals(companyId).toArray(),
  ]);
  return {
    groups: groups.filter((group) => !group.deleted_at).sort(byPosition),
    options: grouped(options, (option) => option.group_id),
    attached: grouped(attached, (row) => row.product_id),
  };
}

export function useModifierRows(deps: ProductsDeps): ModifierRows | undefined {
  const query = useCallback(() => readModifierRows(deps), [deps]);
  return readyValue(useLiveQuery(query));
}

/** The position after the last of `rows` (0 for none): a new row goes at the end. */
export function nextPosition(rows: readonly { position: number }[] | undefined): number {
  return (rows ?? []).reduce((last, row) => Math.max(last, row.position + 1), 0);
}
