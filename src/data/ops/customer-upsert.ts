// `customer.upsert` (supabase/SPEC.md §3.3): a new customer or a change to one. The op carries only the
// fields given ([CUST-1]); the ledger row is the customer as the till now shows it.
import {
  customerUpsertSchema,
  parseCustomerUpsert,
  type CustomerUpsertArgs,
} from '../../domain/customer-upsert';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import type { LedgerCustomer } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export interface UpsertCustomerInput {
  args: Omit<CustomerUpsertArgs, 'id'> & { id?: string };
  /** The customer as the till shows it (mirror or ledger), null for a new one. */
  current: Omit<LedgerCustomer, 'op_id' | 'sync' | 'error' | 'updated_at'> | null;
}

/** A field the op sets, or the one the till already shows. */
function kept<T>(given: T | undefined, shown: T | undefined, none: T): T {
  return given !== undefined ? given : (shown ?? none);
}

export const customerUpsert = defineOp({
  name: 'customer.upsert',
  schema: customerUpsertSchema,
  noun: 'customer',
  entity: 'customers',
  title: (args) => {
    const name = args.name;
    return name ? t`Customer ${name}` : t`Customer details`;
  },
  fallbackTitle: msg`Customer details`,
  async command(ctx, input: UpsertCustomerInput): Promise<LedgerCustomer> {
    const args = ctx.must(
      parseCustomerUpsert(
        { ...input.args, id: input.args.id ?? ctx.ids() },
        { isNew: input.current === null },
      ),
    );
    const op = await ctx.enqueue(args, { companyId: args.company_id, terminalId: null, entityId: args.id });
    const base = (await ctx.ledger.customers.get(args.id)) ?? input.current;
    const row: LedgerCustomer = {
      id: args.id,
      company_id: args.company_id,
      name: args.name ?? base?.name ?? '',
      email: kept(args.email, base?.email, null),
      phone: kept(args.phone, base?.phone, null),
      note: kept(args.note, base?.note, null),
      updated_at: ctx.clock().toISOString(),
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.customers.put(row);
    return row;
  },
});

/** [CMD-CUST] Records a new customer or a change to one. */
export function upsertCustomer(
  deps: CommandDeps,
  input: UpsertCustomerInput,
): Promise<Result<LedgerCustomer>> {
  return runCommand(deps, customerUpsert, input);
}
