// Modifier catalogue writes for the back office (issue 21, [MOD-1] [MOD-2]), straight to the server through
// supabase-js like product writes (product-writes.ts): there is no modifier op in apply_ops, RLS lets managers
// and owners write the three tables, a change needs a connection, and nothing is hard-deleted — removing a
// group, an option or an attachment sets its deleted_at, which the pull carries to every till ([PULL-T]).
import type { Result } from '../../domain/result';
import { sendWrite } from './product-writes';
import type { Supabase } from './supabase-client';

export interface ModifierGroupFields {
  name: string;
  min_choices: number;
  max_choices: number;
  position: number;
}

export interface ModifierOptionFields {
  name: string;
  /** Minor units; negative takes money off the line. */
  price_delta: number;
  position: number;
}

export interface ModifierWriter {
  createGroup(companyId: string, fields: ModifierGroupFields): Promise<Result<void>>;
  removeGroup(id: string): Promise<Result<void>>;
  addOption(companyId: string, groupId: string, fields: ModifierOptionFields): Promise<Result<void>>;
  updateOption(id: string, fields: Partial<Omit<ModifierOptionFields, 'position'>>): Promise<Result<void>>;
  removeOption(id: string): Promise<Result<void>>;
  /** Asks `productId` for `groupId`, at `position` among its groups. */
  attachGroup(companyId: string, productId: string, groupId: string, position: number): Promise<Result<void>>;
  /** `id` is the product_modifier_groups row. */
  detachGroup(id: string): Promise<Result<void>>;
}

type ModifierTable = 'modifier_groups' | 'modifier_options' | 'product_modifier_groups';

export function modifierWriterOf(supabase: Supabase): ModifierWriter {
  // An update RLS hides (another shop's row, or a cashier) touches nothing: sendWrite then says "forbidden".
  const tombstone = (table: ModifierTable, id: string) =>
    sendWrite(
      () =>
        supabase
          .from(table)
          .update({ deleted_at: new Date().toISOString() }, { count: 'exact' })
          .eq('id', id),
      true,
    );
  return {
    createGroup: (companyId, fields) =>
      sendWrite(() => supabase.from('modifier_groups').insert({ company_id: companyId, ...fields }), false),
    removeGroup: (id) => tombstone('modifier_groups', id),
    addOption: (companyId, groupId, fields) =>
      sendWrite(
        () =>
          supabase.from('modifier_options').insert({ company_id: companyId, group_id: groupId, ...fields }),
        false,
      ),
    updateOption: (id, fields) =>
      sendWrite(
        () => supabase.from('modifier_options').update(fields, { count: 'exact' }).eq('id', id),
        true,
      ),
    removeOption: (id) => tombstone('modifier_options', id),
    attachGroup: (companyId, productId, groupId, position) =>
      sendWrite(
        () =>
          supabase.from('product_modifier_groups').insert({
            company_id: companyId,
            product_id: productId,
            group_id: groupId,
            position,
          }),
        false,
      ),
    detachGroup: (id) => tombstone('product_modifier_groups', id),
  };
}
