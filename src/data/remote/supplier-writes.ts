// The shop's suppliers for the back office (issue 22, supabase/SPEC.md [INS-8]), read and written straight on
// the server through supabase-js: tills never need them, so they are not pulled into the mirror, and like
// product writes a change needs a connection. RLS lets members read and managers and owners write; removal
// sets deleted_at, and the server lets go of the products that named the supplier in the same statement.
import { z } from 'zod';
import { err, ok, type Result } from '../../domain/result';
import { decode } from './decode';
import { describeServerError, needsConnection, sendWrite } from './product-writes';
import { t } from '@lingui/core/macro';
import type { Supabase } from './supabase-client';

export interface SupplierFields {
  name: string;
  email: string | null;
  phone: string | null;
  /** Whole days from order to delivery, 0–366. */
  lead_time_days: number;
}

const supplierRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lead_time_days: z.number().int(),
});
export type Supplier = z.infer<typeof supplierRow>;

export interface SupplierBook {
  /** The shop's live suppliers, by name. */
  list(companyId: string): Promise<Result<Supplier[]>>;
  create(companyId: string, fields: SupplierFields): Promise<Result<void>>;
  update(id: string, fields: SupplierFields): Promise<Result<void>>;
  remove(id: string): Promise<Result<void>>;
}

/** A name the shop already uses is the refusal people meet most: said with the name. */
async function named(name: string, write: Promise<Result<void>>): Promise<Result<void>> {
  const written = await write;
  if (!written.ok && written.error.code === 'duplicate') {
    return err('duplicate', t`A supplier named "${name}" already exists.`);
  }
  return written;
}

export function supplierBookOf(supabase: Supabase): SupplierBook {
  const suppliers = () => supabase.from('suppliers');
  return {
    list: async (companyId) => {
      try {
        const { data, error } = await suppliers()
          .select('id, name, email, phone, lead_time_days')
          .eq('company_id', companyId)
          .is('deleted_at', null)
          .order('name');
        if (error) return err('refused', describeServerError(error));
        return ok(decode(z.array(supplierRow), data, 'suppliers'));
      } catch {
        return err('offline', needsConnection());
      }
    },
    create: (companyId, fields) =>
      named(
        fields.name,
        sendWrite(() => suppliers().insert({ company_id: companyId, ...fields }), false),
      ),
    update: (id, fields) =>
      named(
        fields.name,
        sendWrite(() => suppliers().update(fields, { count: 'exact' }).eq('id', id), true),
      ),
    remove: (id) =>
      sendWrite(
        () => suppliers().update({ deleted_at: new Date().toISOString() }, { count: 'exact' }).eq('id', id),
        true,
      ),
  };
}
