// [VAL-T50] [VAL-T52] A customer's balances for the back office's Customers page: their store credit, points
// and account on credit as the server holds them now (`customer_value`), and a manager opening that account
// with a credit limit or changing it (`save_value_account`, [VAL-31]). Both need a connection; a refusal
// comes back as a sentence chosen by its stable code, never the server's own (English) message.
import { msg, t } from '@lingui/core/macro';
import { err, ok, type Result } from '../../domain/result';
import { type CodeWords, unknownRefusal, wordsOf } from '../refusal-words';
import { decode } from './decode';
import { serverErrorWords } from './server-error-words';
import type { Supabase } from './supabase-client';
import { customerValueSchema } from './value-lookups';

/** One of the customer's accounts as the server answers it; a never-opened one: `exists` false, 0. */
export interface ServerCustomerAccount {
  id: string;
  exists: boolean;
  status: 'active' | 'blocked' | 'void';
  /** Minor units, or points for loyalty; what the shop owes the customer (negative: the customer owes). */
  balance: number;
  /** Minor units; only an account on credit has one. */
  creditLimit: number | null;
  /** What a till may spend now: balance + credit limit, nothing when blocked ([VAL-27]). */
  available: number;
}

export interface ServerCustomerBalances {
  storeCredit: ServerCustomerAccount;
  loyalty: ServerCustomerAccount;
  onAccount: ServerCustomerAccount;
}

export interface CustomerBalancesRemote {
  /** `offline` when the server could not be reached; `refused` with a sentence otherwise. */
  read: (customerId: string) => Promise<Result<ServerCustomerBalances>>;
  /** Opens the customer's account on credit with `creditLimit` (minor units), or changes its limit. */
  saveCreditLimit: (customerId: string, creditLimit: number) => Promise<Result<void>>;
}

interface ServerError {
  message: string;
  code?: string;
  hint?: string | null;
}

/** [VAL-T52] The sentences for save_value_account's and customer_value's stable codes. */
const REFUSALS: CodeWords = {
  insufficient_role: msg`Only managers and owners can open an account on credit or change its limit.`,
  not_member: msg`You are not a member of this shop: sign in with an account of the shop.`,
  not_signed_in: msg`Your session has ended: sign in again, then try again.`,
  unknown_customer: msg`This customer has not reached the server yet: let this device sync, then try again.`,
  invalid_args: msg`The credit limit is not valid: enter an amount from 0 up to 10,000,000,000.`,
};

function needsConnection(): string {
  return t`Needs a connection: balances are kept on the server.`;
}

/** A request that never reached the server: supabase-js says so in fetch's words. */
function unreached(error: ServerError): boolean {
  return /fetch|network/i.test(error.message);
}

/** [VAL-T52] A refusal in the person's words, by its stable code; a lost connection as such. */
export function balancesRefusal(error: ServerError): Result<never> {
  if (unreached(error)) return err('offline', needsConnection());
  const words =
    wordsOf(REFUSALS, error.hint) ?? serverErrorWords(error) ?? unknownRefusal(error.hint, error.code);
  return err(error.hint ?? 'refused', words);
}

/** One rpc: a thrown request (no network at all) is offline, an error is a refusal in words. */
async function call(
  request: () => PromiseLike<{ data: unknown; error: ServerError | null }>,
): Promise<Result<unknown>> {
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await request();
  } catch {
    return err('offline', needsConnection());
  }
  return answer.error ? balancesRefusal(answer.error) : ok(answer.data);
}

function accountOf(row: {
  id: string;
  exists: boolean;
  status: ServerCustomerAccount['status'];
  balance: number;
  credit_limit?: number | null | undefined;
  available: number;
}): ServerCustomerAccount {
  return {
    id: row.id,
    exists: row.exists,
    status: row.status,
    balance: row.balance,
    creditLimit: row.credit_limit ?? null,
    available: row.available,
  };
}

export function customerBalancesOf(
  supabase: Pick<Supabase, 'rpc'>,
  companyId: string,
): CustomerBalancesRemote {
  return {
    read: async (customerId) => {
      const answer = await call(() =>
        supabase.rpc('customer_value', { p_company: companyId, p_customer: customerId }),
      );
      if (!answer.ok) return answer;
      const value = decode(customerValueSchema, answer.value, 'customer_value');
      return ok({
        storeCredit: accountOf(value.store_credit),
        loyalty: accountOf(value.loyalty),
        onAccount: accountOf(value.on_account),
      });
    },
    saveCreditLimit: async (customerId, creditLimit) => {
      const answer = await call(() =>
        supabase.rpc('save_value_account', {
          p_company: companyId,
          p_customer: customerId,
          p_kind: 'on_account',
          p_credit_limit: creditLimit,
        }),
      );
      return answer.ok ? ok(undefined) : answer;
    },
  };
}
