// pull_changes as the sync engine calls it (supabase/SPEC.md §4): one page, or every page from a cursor.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';

export interface Cursor {
  txid: string;
  id: string;
}

export interface Page {
  rows: (Record<string, unknown> & { id: string; txid: string; deleted_at?: string | null })[];
  next: Cursor | null;
  has_more: boolean;
  resync?: boolean;
}

export async function pullPage(
  client: SupabaseClient,
  table: string,
  after: Cursor | null,
  limit = 1000,
): Promise<Page> {
  const result: { data: unknown; error: PostgrestError | null } = await client.rpc('pull_changes', {
    p_table: table,
    p_after: after,
    p_limit: limit,
  });
  if (result.error) {
    throw Object.assign(new Error(result.error.message), {
      code: result.error.code,
      hint: result.error.hint,
    });
  }
  return result.data as Page;
}

/** Every page from `after` until the server says there is no more; the rows in pull order. */
export async function pullAll(
  client: SupabaseClient,
  table: string,
  after: Cursor | null,
  limit = 1000,
): Promise<{ rows: Page['rows']; next: Cursor | null; pages: number }> {
  const rows: Page['rows'] = [];
  let cursor = after;
  let pages = 0;
  for (;;) {
    const page = await pullPage(client, table, cursor, limit);
    pages += 1;
    rows.push(...page.rows);
    cursor = page.next;
    if (!page.has_more) return { rows, next: cursor, pages };
  }
}
