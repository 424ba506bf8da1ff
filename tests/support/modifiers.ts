// A shop's modifier catalogue as a manager builds it through supabase-js (supabase/SPEC.md §15, [MOD-1]):
// groups, their options, and which products ask for them.
import { must, type Person } from './shop';

export interface ModifierOption {
  id: string;
  group_id: string;
  name: string;
  price_delta: number;
}

export async function modifierGroup(
  person: Person,
  companyId: string,
  name: string,
  min: number,
  max: number,
  position = 0,
): Promise<string> {
  return must<{ id: string }>(
    await person.client
      .from('modifier_groups')
      .insert({ company_id: companyId, name, min_choices: min, max_choices: max, position })
      .select('id')
      .single(),
    `insert group ${name}`,
  ).id;
}

export async function modifierOption(
  person: Person,
  companyId: string,
  groupId: string,
  name: string,
  delta: number,
): Promise<ModifierOption> {
  return must<ModifierOption>(
    await person.client
      .from('modifier_options')
      .insert({ company_id: companyId, group_id: groupId, name, price_delta: delta })
      .select('id, group_id, name, price_delta')
      .single(),
    `insert option ${name}`,
  );
}

export async function attachGroup(
  person: Person,
  companyId: string,
  productId: string,
  groupId: string,
  position: number,
): Promise<void> {
  must(
    await person.client
      .from('product_modifier_groups')
      .insert({ company_id: companyId, product_id: productId, group_id: groupId, position })
      .select('id'),
    'attach group',
  );
}
