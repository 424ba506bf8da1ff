// Customer value as the server answers it to a signed-in member (issue 37): the real supabase-js client, signed
// in as a demo user, calling the same rpcs the back office calls — value_lookup, customer_value,
// value_statement and list_flags — so a browser test checks balances the way a manager would read them.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { ANON_KEY } from '../../../supabase/local/config';
import { DEMO_COMPANY } from './server-data';
import { DEMO_PASSWORD } from './users';

const STACK = 'http://127.0.0.1:54321';

export interface ServerAccount {
  id: string;
  kind: string;
  status: string;
  balance: number;
  available: number;
  code_last4: string | null;
}

export interface StatementEntry {
  kind: string;
  delta: number;
  receipt_no: string | null;
  tender_method: string | null;
}

export interface ServerFlag {
  kind: string;
  sale_id: string | null;
  detail: Record<string, unknown>;
}

function numbers<T extends { balance: unknown; available: unknown }>(row: T): T {
  return { ...row, balance: Number(row.balance), available: Number(row.available) };
}

export class ValueServer {
  private constructor(private readonly client: SupabaseClient) {}

  static async signIn(email: string): Promise<ValueServer> {
    const client = createClient(STACK, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      // On Node 20 supabase-js needs a WebSocket for realtime, though these reads never use it.
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    if (error) throw new Error(`sign in as ${email}: ${error.message}`);
    return new ValueServer(client);
  }

  private async rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const answer = await this.client.rpc(name, args);
    if (answer.error) throw new Error(`${name}: ${answer.error.message} (${answer.error.hint})`);
    return answer.data as T;
  }

  /** [VAL-27] A gift card by its code (a miss counts against the caller's tries, as at a till). */
  async giftCard(code: string): Promise<ServerAccount> {
    const answer = await this.rpc<{ ok: boolean; code?: string; account?: ServerAccount }>('value_lookup', {
      p_company: DEMO_COMPANY,
      p_code: code,
    });
    if (!answer.ok || !answer.account)
      throw new Error(`value_lookup ${code}: ${answer.code ?? 'no account'}`);
    return numbers(answer.account);
  }

  /** [VAL-27] A customer's store credit, points and account on credit. */
  async customer(
    customerId: string,
  ): Promise<Record<'store_credit' | 'loyalty' | 'on_account', ServerAccount>> {
    const answer = await this.rpc<Record<'store_credit' | 'loyalty' | 'on_account', ServerAccount>>(
      'customer_value',
      { p_company: DEMO_COMPANY, p_customer: customerId },
    );
    return {
      store_credit: numbers(answer.store_credit),
      loyalty: numbers(answer.loyalty),
      on_account: numbers(answer.on_account),
    };
  }

  /** [VAL-33] An account's entries of the last week and today, oldest first, with its closing balance. */
  async statement(accountId: string): Promise<{ closing: number; entries: StatementEntry[] }> {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    type Entry = Omit<StatementEntry, 'delta'> & { delta: number | string };
    const answer = await this.rpc<{ closing: number | string; entries: Entry[] }>('value_statement', {
      p_company: DEMO_COMPANY,
      p_account: accountId,
      p_from: day(-7),
      p_to: day(1),
    });
    return {
      closing: Number(answer.closing),
      entries: answer.entries.map((entry) => ({
        kind: entry.kind,
        delta: Number(entry.delta),
        receipt_no: entry.receipt_no,
        tender_method: entry.tender_method,
      })),
    };
  }

  /** Every flag the server wrote since `since` (list_flags: managers and owners). */
  async flagsSince(since: string): Promise<ServerFlag[]> {
    return this.rpc<ServerFlag[]>('list_flags', { p_company: DEMO_COMPANY, p_since: since });
  }

  async signOut(): Promise<void> {
    await this.client.auth.signOut();
  }
}
