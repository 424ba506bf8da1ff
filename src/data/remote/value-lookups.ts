// [VAL-27], [VAL-C1], [VAL-C3] The till's online look-ups of customer value: a gift card by its code
// (`value_lookup`, counted and slowed by the server) and a customer's three accounts (`customer_value`). An
// answer is decoded; no answer at all (offline, timed out, refused) is `null`, and the register then spends
// against what it pulled ([VAL-20]).
import { z } from 'zod';
import { decode } from './decode';
import type { Supabase } from './supabase-client';

const accountSchema = z.object({
  id: z.string(),
  kind: z.enum(['gift_card', 'store_credit', 'loyalty', 'on_account']),
  status: z.enum(['active', 'blocked', 'void']),
  balance: z.number(),
  available: z.number(),
  credit_limit: z.number().nullable().optional(),
  code_last4: z.string().nullable().optional(),
  customer_id: z.string().nullable().optional(),
});
export type AnsweredAccount = z.infer<typeof accountSchema>;

const lookupSchema = z.union([
  z.object({ ok: z.literal(true), account: accountSchema }),
  z.object({
    ok: z.literal(false),
    code: z.enum(['not_found', 'invalid_code', 'slowed', 'rate_limited']),
    tries_left: z.number().optional(),
    until: z.string().nullable().optional(),
  }),
]);
export type LookupAnswer = z.infer<typeof lookupSchema>;

const customerAccountSchema = accountSchema.extend({ exists: z.boolean() });
export const customerValueSchema = z.object({
  customer_id: z.string(),
  store_credit: customerAccountSchema,
  loyalty: customerAccountSchema,
  on_account: customerAccountSchema,
});
export type CustomerValueAnswer = z.infer<typeof customerValueSchema>;

/** What the register asks the server; each answers null when the server could not be reached. */
export interface ValueRemote {
  lookup: (code: string) => Promise<LookupAnswer | null>;
  customer: (customerId: string) => Promise<CustomerValueAnswer | null>;
}

/** A look-up that takes longer than this is given up: the cashier is waiting, and the till knows offline. */
const LOOKUP_TIMEOUT_MS = 4000;

function withTimeout<T>(promise: PromiseLike<T>): Promise<T | null> {
  return Promise.race([
    Promise.resolve(promise),
    new Promise<null>((resolve) => {
      setTimeout(() => {
        resolve(null);
      }, LOOKUP_TIMEOUT_MS);
    }),
  ]);
}

/** `supabase` is the app's client (typed by database.types.ts, which names both functions and their arguments). */
export function valueRemoteOf(
  supabase: Pick<Supabase, 'rpc'>,
  companyId: string,
  terminalId: string,
): ValueRemote {
  return {
    lookup: async (code) => {
      try {
        const answer = await withTimeout(
          supabase.rpc('value_lookup', { p_company: companyId, p_code: code, p_terminal: terminalId }),
        );
        if (answer === null || answer.error) return null;
        return decode(lookupSchema, answer.data, 'value_lookup');
      } catch (error) {
        console.warn('value_lookup', error);
        return null;
      }
    },
    customer: async (customerId) => {
      try {
        const answer = await withTimeout(
          supabase.rpc('customer_value', { p_company: companyId, p_customer: customerId }),
        );
        if (answer === null || answer.error) return null;
        return decode(customerValueSchema, answer.data, 'customer_value');
      } catch (error) {
        console.warn('customer_value', error);
        return null;
      }
    },
  };
}
