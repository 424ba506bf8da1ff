// A supplier as a manager types it, checked the way the server checks it ([INS-8], 20261202000400_suppliers.sql):
// a name of 1–120 characters that no other supplier of the shop has whatever its case, an email address or
// nothing, a phone number of at most 40 characters or nothing, and a lead time of 0–366 whole days. Pure.
import { t } from '@lingui/core/macro';
import type { Supplier, SupplierFields } from '../../data/remote/supplier-writes';
import { err, ok, type Result } from '../../domain/result';
import { checkName } from './product-fields';

/** As typed: every field is text. */
export interface SupplierDraft {
  name: string;
  email: string;
  phone: string;
  leadDays: string;
}

export const NEW_SUPPLIER: SupplierDraft = { name: '', email: '', phone: '', leadDays: '7' };

/** Said when a lead time is out of range, in the person's language. */
export function leadTimeWords(): string {
  return t`Lead time is a whole number of days from 0 to 366.`;
}

export function draftOfSupplier(supplier: Supplier): SupplierDraft {
  return {
    name: supplier.name,
    email: supplier.email ?? '',
    phone: supplier.phone ?? '',
    leadDays: String(supplier.lead_time_days),
  };
}

/** `others`: the shop's other suppliers (not the one being edited), whose names this one may not take. */
export function checkSupplier(draft: SupplierDraft, others: readonly Supplier[]): Result<SupplierFields> {
  const name = checkName(draft.name, 120);
  if (!name.ok) return name;
  const taken = others.find((other) => other.name.toLowerCase() === name.value.toLowerCase());
  const takenName = taken?.name;
  if (takenName !== undefined) return err('duplicate', t`A supplier named "${takenName}" already exists.`);
  const email = draft.email.trim();
  if (email !== '' && (email.length > 254 || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))) {
    return err('email', t`"${email}" is not an email address.`);
  }
  const phone = draft.phone.trim();
  if (phone.length > 40) return err('phone', t`A phone number is at most 40 characters.`);
  const lead = draft.leadDays.trim();
  if (!/^\d{1,3}$/.test(lead) || Number(lead) > 366) return err('lead_time', leadTimeWords());
  return ok({
    name: name.value,
    email: email === '' ? null : email,
    phone: phone === '' ? null : phone,
    lead_time_days: Number(lead),
  });
}
