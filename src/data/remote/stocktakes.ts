// The back office's reads of stocktakes (issue 38, [PUR-37], [PUR-41]) straight from the server through
// supabase-js, as a manager: the list, the review (`stocktake_review`, worked out by [PUR-33]'s rule as at
// now), and the approved variances in a range. Every change is an op queued through the outbox
// (src/data/ops/stocktake-*.ts); this module only reads.
import { t } from '@lingui/core/macro';
import { fromNumeric } from '../../domain/quantity';
import { err, ok, type Result } from '../../domain/result';
import { describeServerError } from './product-writes';
import type { Supabase } from './supabase-client';

/** The screens' shapes (src/features/dashboard/stocktakes/stocktakes-deps.ts), kept structurally equal. */
type Scope = 'all' | 'category' | 'supplier';
type Status = 'open' | 'approved' | 'cancelled';

/** The most stocktakes one list shows: the newest first. */
const LIST_LIMIT = 200;

class ReadRefused extends Error {}

async function reading<T>(read: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await read());
  } catch (error) {
    if (error instanceof ReadRefused) return err('refused', error.message);
    return err('offline', t`Stocktakes are read from the server: connect to see them.`);
  }
}

function must<T>(answer: { data: T | null; error: { message: string; code?: string } | null }): T {
  if (answer.error) throw new ReadRefused(describeServerError(answer.error));
  if (answer.data === null) throw new ReadRefused(t`The server answered nothing.`);
  return answer.data;
}

function scopeOf(value: unknown): Scope {
  return value === 'category' || value === 'supplier' ? value : 'all';
}

function statusOf(value: unknown): Status {
  return value === 'approved' || value === 'cancelled' ? value : 'open';
}

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const milli = (value: unknown): number =>
  typeof value === 'number' || typeof value === 'string' ? fromNumeric(value) : 0;
const minorOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

function reviewLine(row: Json) {
  return {
    productId: text(row.product_id),
    name: text(row.name),
    sku: textOrNull(row.sku),
    expected: milli(row.expected),
    counted: milli(row.counted),
    variance: milli(row.variance),
    varianceValue: minorOrNull(row.variance_value),
    counts: list(row.counts).map((count) => ({
      id: text(count.id),
      counted: milli(count.counted),
      zone: textOrNull(count.zone),
      terminalId: textOrNull(count.terminal_id),
      countedAt: text(count.counted_at),
      replaced: count.replaced === true,
      late: count.late === true,
    })),
  };
}

/** [PUR-37]'s answer in the screens' shape. */
export function decodeReview(answer: unknown) {
  const body = (answer ?? {}) as Json;
  const head = (body.stocktake ?? {}) as Json;
  return {
    id: text(head.id),
    number: text(head.number),
    storeId: text(head.store_id),
    scope: scopeOf(head.scope),
    scopeId: textOrNull(head.category_id) ?? textOrNull(head.supplier_id),
    status: statusOf(head.status),
    openedAt: text(head.opened_at),
    approvedAt: textOrNull(head.approved_at),
    note: textOrNull(head.note),
    lines: list(body.lines).map(reviewLine),
    notCounted: list(body.not_counted).map((row) => ({
      productId: text(row.product_id),
      name: text(row.name),
      sku: textOrNull(row.sku),
      onHand: milli(row.on_hand),
    })),
    outOfScope: list(body.out_of_scope).map(reviewLine),
    unsyncedTills: list(body.unsynced_tills).map((row) => ({
      terminalId: text(row.terminal_id),
      name: text(row.name),
      lastSyncedAt: textOrNull(row.last_synced_at),
    })),
  };
}

export function stocktakesRemote(supabase: Supabase, companyId: string) {
  const names = async (table: 'stores' | 'suppliers' | 'categories', ids: readonly (string | null)[]) => {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map<string, string>();
    const rows = must(await supabase.from(table).select('id, name').in('id', wanted));
    return new Map(rows.map((row) => [row.id, row.name]));
  };
  return {
    list: () =>
      reading(async () => {
        const rows = must(
          await supabase
            .from('stocktakes')
            .select('id, number, store_id, scope, category_id, supplier_id, status, opened_at, approved_at')
            .eq('company_id', companyId)
            .order('opened_at', { ascending: false })
            .limit(LIST_LIMIT),
        );
        const stores = await names(
          'stores',
          rows.map((row) => row.store_id),
        );
        const categories = await names(
          'categories',
          rows.map((row) => row.category_id),
        );
        const suppliers = await names(
          'suppliers',
          rows.map((row) => row.supplier_id),
        );
        return rows.map((row) => ({
          id: row.id,
          number: row.number,
          storeName: stores.get(row.store_id) ?? '',
          scope: scopeOf(row.scope),
          scopeName:
            (row.category_id ? categories.get(row.category_id) : undefined) ??
            (row.supplier_id ? suppliers.get(row.supplier_id) : undefined) ??
            null,
          status: statusOf(row.status),
          openedAt: row.opened_at,
          approvedAt: row.approved_at,
        }));
      }),

    review: (stocktakeId: string) =>
      reading(async () =>
        decodeReview(must(await supabase.rpc('stocktake_review', { p_stocktake: stocktakeId }))),
      ),

    variances: (from: string, to: string) =>
      reading(async () =>
        must(
          await supabase.rpc('report_stocktake_variances', { p_company: companyId, p_from: from, p_to: to }),
        ).map((row) => ({
          stocktakeId: row.stocktake_id,
          number: row.number,
          storeId: row.store_id,
          approvedAt: row.approved_at,
          productId: row.product_id,
          name: row.name,
          sku: row.sku,
          expected: milli(row.expected),
          counted: milli(row.counted),
          variance: milli(row.variance),
          varianceValue: minorOrNull(row.variance_value),
        })),
      ),

    suppliers: () =>
      reading(async () =>
        must(
          await supabase
            .from('suppliers')
            .select('id, name')
            .eq('company_id', companyId)
            .is('deleted_at', null)
            .order('name'),
        ),
      ),
  };
}
