// Purchasing as the server holds it (issue 38), read with the real supabase-js client signed in as a demo
// member, through the same tables the back office reads under row-level security: an order and its lines, a
// product's cost and on-hand at a store, the shop's cost method, and list_flags.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { ANON_KEY } from '../../../supabase/local/config';
import { DEMO_COMPANY } from './server-data';
import { DEMO_PASSWORD } from './users';

const STACK = 'http://127.0.0.1:54321';

export interface ServerOrder {
  id: string;
  number: string;
  status: string;
  store_id: string;
}

export interface ServerOrderLine {
  id: string;
  product_id: string;
  position: number;
  quantity: number;
  received: number;
  unit_cost: number | null;
}

export interface ServerFlag {
  kind: string;
  sale_id: string | null;
  detail: Record<string, unknown>;
}

export class PurchasingServer {
  private constructor(private readonly client: SupabaseClient) {}

  static async signIn(email: string): Promise<PurchasingServer> {
    const client = createClient(STACK, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      // On Node 20 supabase-js needs a WebSocket for realtime, though these reads never use it.
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    if (error) throw new Error(`sign in as ${email}: ${error.message}`);
    return new PurchasingServer(client);
  }

  private async rows<T>(table: string, columns: string, filter: Record<string, string>): Promise<T[]> {
    let query = this.client.from(table).select(columns);
    for (const [column, value] of Object.entries(filter)) query = query.eq(column, value);
    const answer = await query;
    if (answer.error) throw new Error(`${table}: ${answer.error.message}`);
    return answer.data as T[];
  }

  /** The order, or undefined while the server does not have it yet. */
  async order(id: string): Promise<ServerOrder | undefined> {
    const [row] = await this.rows<ServerOrder>('purchase_orders', 'id,number,status,store_id', { id });
    return row;
  }

  /** The order's live lines in their order. */
  async lines(orderId: string): Promise<ServerOrderLine[]> {
    type Row = Omit<ServerOrderLine, 'quantity' | 'received' | 'unit_cost'> & {
      quantity: number | string;
      received: number | string;
      unit_cost: number | string | null;
      removed_at: string | null;
    };
    // numeric columns may arrive as strings; tests compare numbers.
    const rows = await this.rows<Row>(
      'purchase_order_lines',
      'id,product_id,position,quantity,received,unit_cost,removed_at',
      { purchase_order_id: orderId },
    );
    return rows
      .filter((row) => row.removed_at === null)
      .sort((a, b) => a.position - b.position)
      .map(({ removed_at: _removed, ...row }) => ({
        ...row,
        quantity: Number(row.quantity),
        received: Number(row.received),
        unit_cost: row.unit_cost === null ? null : Number(row.unit_cost),
      }));
  }

  async product(id: string): Promise<{ name: string; cost: number | null }> {
    const [row] = await this.rows<{ name: string; cost: number | string | null }>('products', 'name,cost', {
      id,
    });
    if (!row) throw new Error(`no product ${id}`);
    return { name: row.name, cost: row.cost === null ? null : Number(row.cost) };
  }

  /** What the store holds of the product (0 without a level yet). */
  async onHand(storeId: string, productId: string): Promise<number> {
    const [row] = await this.rows<{ on_hand: number | string }>('stock_levels', 'on_hand', {
      store_id: storeId,
      product_id: productId,
    });
    return row ? Number(row.on_hand) : 0;
  }

  async costMethod(companyId = DEMO_COMPANY): Promise<string> {
    const [row] = await this.rows<{ cost_method: string }>('companies', 'cost_method', { id: companyId });
    if (!row) throw new Error(`no company ${companyId}`);
    return row.cost_method;
  }

  async flagsSince(since: string): Promise<ServerFlag[]> {
    const answer = await this.client.rpc('list_flags', { p_company: DEMO_COMPANY, p_since: since });
    if (answer.error) throw new Error(`list_flags: ${answer.error.message}`);
    return answer.data as ServerFlag[];
  }

  async signOut(): Promise<void> {
    await this.client.auth.signOut();
  }
}
