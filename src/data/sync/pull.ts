// Pull (DESIGN §6, supabase/SPEC.md §4): every mirrored table paged from its cursor into the mirror, one
// mirror transaction per page (bulkPut the rows, delete the tombstones, move the cursor), so a page is
// either all in or not at all and a restarted pull goes on where it stopped. A "resync" answer empties that
// table of the mirror and pulls it again from the start; the ledger is never touched by a pull except to
// settle stock deltas the pulled levels now include.
import type { LedgerDb } from '../local/ledger-db';
import {
  addSearchKeys,
  MIRRORED_TABLES,
  withVariantLink,
  type MirrorDb,
  type MirroredTable,
  type MirrorRow,
  type MirrorVariant,
} from '../local/mirror-db';
import { bumpProductsStamp } from '../local/register-catalog';
import { settleDeltas } from '../local/stock-on-hand';
import { settleValueEntries } from '../local/value-settle';
import type { PullCursorValue, RemoteFailure, SyncRemote } from './remote-port';

export interface PullProgress {
  /** No table had been pulled to its end before this pull: the first sync. */
  first: boolean;
  table: MirroredTable;
  tablesDone: number;
  tablesTotal: number;
  rows: number;
}

export interface PullContext {
  ledger: LedgerDb;
  mirror: MirrorDb;
  remote: SyncRemote;
  userId: string;
  pageSize: number;
  now: () => number;
  onProgress?: (progress: PullProgress) => void;
}

export type PullOutcome = { ok: true; rows: number } | { ok: false; failure: RemoteFailure };

const TABLES = Object.keys(MIRRORED_TABLES) as MirroredTable[];

function store(mirror: MirrorDb, table: MirroredTable) {
  return mirror.table<MirrorRow, string>(MIRRORED_TABLES[table]);
}

/**
 * [PULL-A] Pulls every mirrored table in order: company_members first, since it decides what the rest is;
 * customers last, after everything the register reads.
 */
export async function pullAll(ctx: PullContext): Promise<PullOutcome> {
  const cursors = await ctx.mirror.cursors.toArray();
  const first = !cursors.some((cursor) => cursor.complete);
  let rows = 0;
  for (const [index, table] of TABLES.entries()) {
    const report = (count: number) =>
      ctx.onProgress?.({ first, table, tablesDone: index, tablesTotal: TABLES.length, rows: rows + count });
    const pulled = await pullTable(ctx, table, report);
    if (!pulled.ok) return pulled;
    rows += pulled.rows;
    if (table === 'company_members') await checkMemberships(ctx);
    // Each table done is reported as it ends (the register's tables end before customers start).
    ctx.onProgress?.({ first, table, tablesDone: index + 1, tablesTotal: TABLES.length, rows });
  }
  return { ok: true, rows };
}

async function pullTable(
  ctx: PullContext,
  table: MirroredTable,
  report: (rows: number) => void,
): Promise<PullOutcome> {
  const target = store(ctx.mirror, table);
  let after: PullCursorValue | null = (await ctx.mirror.cursors.get(table))?.after ?? null;
  let rows = 0;
  let resyncs = 0;
  let asked = ctx.remote.pullChanges(table, after, ctx.pageSize);
  for (;;) {
    const page = await asked;
    if (!page.ok) return page;
    if (page.value.resync === true) {
      // [PULL-6] Our cursor is older than purged tombstones: rebuild this table of the mirror.
      if (++resyncs > 2)
        return {
          ok: false,
          failure: {
            kind: 'http',
            status: 500,
            code: '',
            message: `${table} keeps asking for a resync`,
            hint: '',
          },
        };
      await ctx.mirror.transaction('rw', [target, ctx.mirror.cursors, ctx.mirror.meta], async () => {
        await target.clear();
        await ctx.mirror.cursors.delete(table);
        if (table === 'products') await bumpProductsStamp(ctx.mirror);
      });
      after = null;
      asked = ctx.remote.pullChanges(table, after, ctx.pageSize);
      continue;
    }
    const live = page.value.rows.filter((row) => row.deleted_at === null || row.deleted_at === undefined);
    const gone = page.value.rows
      .filter((row) => row.deleted_at !== null && row.deleted_at !== undefined)
      .map((row) => row.id);
    const next = page.value.next ?? after;
    const complete = !page.value.has_more;
    // The next page is asked for before this one is written, so the server's work and the mirror's overlap
    // (P1). It is the page the cursor would ask for next anyway; it is only used once this one is in.
    if (!complete) asked = ctx.remote.pullChanges(table, next, ctx.pageSize);
    // Products and links read each other as they are stored; other tables' pages leave them unlocked.
    const catalogueChanged = table === 'products' || table === 'product_variants';
    const catalogue = catalogueChanged ? [ctx.mirror.products, ctx.mirror.productVariants] : [];
    await ctx.mirror.transaction(
      'rw',
      [target, ctx.mirror.cursors, ctx.mirror.meta, ...catalogue],
      async () => {
        // [PULL-K] Products are stored with their search keys, folded here once rather than at every start, and
        // with their variant links, whichever of the two tables arrived first.
        if (table === 'products') await linkProducts(ctx.mirror, live);
        await target.bulkPut(live);
        // [PULL-T] Tombstones delete locally.
        await target.bulkDelete(gone);
        if (table === 'product_variants')
          await relinkProducts(ctx.mirror, page.value.rows as MirrorVariant[]);
        // [PULL-S] The register's catalogue snapshot is stale from the moment these rows are in (an empty page,
        // every sync cycle's last, changes nothing).
        if (catalogueChanged && page.value.rows.length > 0) await bumpProductsStamp(ctx.mirror);
        const previous = await ctx.mirror.cursors.get(table);
        await ctx.mirror.cursors.put({
          table,
          after: next,
          complete: complete || (previous?.complete ?? false),
          pulled_at: new Date(ctx.now()).toISOString(),
        });
      },
    );
    rows += page.value.rows.length;
    report(rows);
    if (complete) {
      if (table === 'stock_levels' && next !== null) await settleDeltas(ctx.ledger, next.txid);
      if (table === 'value_balances' && next !== null) await settleValueEntries(ctx.ledger, next.txid);
      return { ok: true, rows };
    }
    after = next;
  }
}

/** Product rows about to be stored get their variant links (if pulled already) and their search keys. */
async function linkProducts(mirror: MirrorDb, rows: MirrorRow[]): Promise<void> {
  const links = await mirror.productVariants.bulkGet(rows.map((row) => row.id));
  rows.forEach((row, at) => addSearchKeys(withVariantLink(row, links[at])));
}

/** [VAR-3] Links just pulled (or removed) are copied onto their products' rows, search keys and all. */
async function relinkProducts(mirror: MirrorDb, links: MirrorVariant[]): Promise<void> {
  const products = await mirror.products.bulkGet(links.map((link) => link.id));
  const changed = products.flatMap((product, at) =>
    product ? [addSearchKeys(withVariantLink({ ...product }, links[at]))] : [],
  );
  await mirror.products.bulkPut(changed);
}

/**
 * [PULL-M] The companies this user belongs to decide which rows the server sends. When they change (joined
 * or left a company), rows behind the cursors would be missed or kept wrongly: rebuild the rest of the mirror.
 */
async function checkMemberships(ctx: PullContext): Promise<void> {
  const mine = await ctx.mirror.companyMembers.where('user_id').equals(ctx.userId).toArray();
  const signature = mine
    .map((member) => member.company_id)
    .sort()
    .join(',');
  const stored = await ctx.mirror.meta.get('companies');
  if (stored?.value === signature) return;
  const others = TABLES.filter((table) => table !== 'company_members');
  await ctx.mirror.transaction(
    'rw',
    [...others.map((table) => store(ctx.mirror, table)), ctx.mirror.cursors, ctx.mirror.meta],
    async () => {
      if (stored !== undefined) {
        for (const table of others) {
          await store(ctx.mirror, table).clear();
          await ctx.mirror.cursors.delete(table);
        }
        await bumpProductsStamp(ctx.mirror);
      }
      await ctx.mirror.meta.put({ key: 'companies', value: signature });
    },
  );
}
