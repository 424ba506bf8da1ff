// Customer value for server tests (issue 37, supabase/SPEC.md [VAL-1]…[VAL-36]): gift cards and customers'
// accounts written straight into the ledger with the service role, as the ops that make them would, so the
// look-ups and the new ops can be tested on their own.
import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { must, type Shop } from './shop';
import { serviceClient } from './supabase';

/** [VAL-26] What the server stores of a code: SHA-256 of the shop and the normalised code, lowercase hex. */
export function valueCodeHash(companyId: string, code: string): string {
  const normalised = code.replace(/[ \t\r\n-]/g, '').toUpperCase();
  return createHash('sha256').update(`tillpoint:value-code:v1:${companyId}:${normalised}`).digest('hex');
}

/** [VAL-1] A customer's account id: md5(customer ‖ ':' ‖ kind) as a uuid. */
export function customerAccountId(customerId: string, kind: string): string {
  const hex = createHash('md5').update(`${customerId}:${kind}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One ledger entry written as an op's handler would; the balance trigger keeps the balance. */
export async function writeEntry(shop: Shop, accountId: string, kind: string, delta: number): Promise<void> {
  must(
    await serviceClient().from('value_entries').insert({
      id: uuidv7(),
      company_id: shop.companyId,
      account_id: accountId,
      kind,
      delta,
      occurred_at: new Date().toISOString(),
    }),
    `write ${kind} entry`,
  );
}

/** A gift card of the shop holding `balance`, found by `code`: its account id. */
export async function giftCard(shop: Shop, code: string, balance: number): Promise<string> {
  const id = uuidv7();
  const normalised = code.replace(/[ \t\r\n-]/g, '').toUpperCase();
  must(
    await serviceClient()
      .from('value_accounts')
      .insert({
        id,
        company_id: shop.companyId,
        kind: 'gift_card',
        code_hash: valueCodeHash(shop.companyId, code),
        code_last4: normalised.slice(-4),
      }),
    'insert gift card',
  );
  if (balance > 0) await writeEntry(shop, id, 'issue', balance);
  return id;
}

/** A customer of the shop: its id. */
export async function addCustomer(shop: Shop, name = 'Alice Martin'): Promise<string> {
  return must<{ id: string }>(
    await serviceClient()
      .from('customers')
      .insert({ id: uuidv7(), company_id: shop.companyId, name })
      .select('id')
      .single(),
    'insert customer',
  ).id;
}

/** A customer's account of `kind` (on_account with `creditLimit`), owing or holding `balance`: its id. */
export async function customerAccount(
  shop: Shop,
  customerId: string,
  kind: 'store_credit' | 'loyalty' | 'on_account',
  options: { creditLimit?: number; balance?: number } = {},
): Promise<string> {
  const id = customerAccountId(customerId, kind);
  must(
    await serviceClient()
      .from('value_accounts')
      .insert({
        id,
        company_id: shop.companyId,
        kind,
        customer_id: customerId,
        credit_limit: kind === 'on_account' ? (options.creditLimit ?? 0) : null,
      }),
    `insert ${kind} account`,
  );
  const balance = options.balance ?? 0;
  if (balance !== 0) {
    const entryKind = kind === 'on_account' ? (balance < 0 ? 'charge' : 'payment') : 'adjust';
    await writeEntry(shop, id, entryKind, balance);
  }
  return id;
}

/** An account's balance as the server holds it (0 before its first entry). */
export async function balanceOf(accountId: string): Promise<number> {
  const row = must<{ balance: number | string } | null>(
    await serviceClient().from('value_balances').select('balance').eq('account_id', accountId).maybeSingle(),
    'read balance',
  );
  return row ? Number(row.balance) : 0;
}

/** An account's entries in the order the server applied them. */
export async function entriesOf(accountId: string): Promise<Record<string, unknown>[]> {
  return must<Record<string, unknown>[]>(
    await serviceClient().from('value_entries').select('*').eq('account_id', accountId).order('seq'),
    'read entries',
  );
}
