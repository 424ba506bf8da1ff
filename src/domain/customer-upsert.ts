// The `customer.upsert` command's argument (supabase/SPEC.md §3.3, [CUST-1]): insert, or update the fields
// present — absent means unchanged, null means cleared, and the name can never be cleared.
import { i18n } from '@lingui/core';
import { z } from 'zod';
import { uuid } from './command-fields';
import { EMAIL_HINT, isEmailAddress } from './email';
import { cleanName, nameProblem } from './name-text';
import { parseArgs } from './op-args';
import type { Result } from './result';

/**
 * [CUST-1] The server's limits: email 320 and `x@y` (the app's one email rule is stricter, domain/email.ts);
 * phone 32 of `0-9 + ( ) . - /` and spaces.
 */
export const customerEmail = z
  .string()
  .trim()
  .max(320)
  .refine(isEmailAddress, { error: () => i18n._(EMAIL_HINT) });
export const customerPhone = z
  .string()
  .trim()
  .regex(/^[0-9+() .\-/]{3,32}$/, 'A phone number has 3 to 32 digits, spaces and + ( ) . - /.');

export const customerUpsertSchema = z.strictObject({
  id: uuid,
  company_id: uuid,
  // [INPUT-2] Refused as the server refuses a typed name, and queued as the server stores it.
  name: z
    .string()
    .trim()
    .min(1, 'A customer needs a name.')
    .superRefine((name, ctx) => {
      const problem = nameProblem(name, 'customer');
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(cleanName)
    .pipe(z.string().max(200))
    .optional(),
  email: customerEmail.nullable().optional(),
  phone: customerPhone.nullable().optional(),
  note: z.string().max(2000).nullable().optional(),
});

export type CustomerUpsertArgs = z.infer<typeof customerUpsertSchema>;

/** [CMD-CUST] A new customer must have a name; an update may send only what changed. */
export function parseCustomerUpsert(
  input: unknown,
  options: { isNew: boolean },
): Result<CustomerUpsertArgs, 'invalid_args'> {
  const parsed = parseArgs(customerUpsertSchema, input, 'customer');
  if (parsed.ok && options.isNew && parsed.value.name === undefined) {
    return { ok: false, error: { code: 'invalid_args', message: 'A new customer needs a name.' } };
  }
  return parsed;
}
