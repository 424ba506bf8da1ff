// Loading what the register needs from this device's databases: the company's pricing rules and its active
// products, the categories, and this till's terminal identity. When any of it is missing the answer says so
// in plain words ("not set up", "not synced yet") instead of a broken screen. Nothing heavier than reading
// happens here (P6): the products come from the mirror's catalogue snapshot, already on sale and in name order
// (register-catalog.ts, from the rows when it is stale), and their search index is only built once the
// register has painted (use-catalog.ts).
import { pricingRulesOf, type CompanyRow } from '../../domain/snapshots';
import { scaleLayoutsOf, type EmbeddedLayout } from '../../domain/embedded-barcode';
import { ProductSearchIndex } from '../../domain/product-search';
import type { PricingRules } from '../../domain/cart';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import type { MirrorDb, MirrorRow } from '../../data/local/mirror-db';
import { companyRows, companySettings } from '../../data/local/mirror-reads';
import { takeEarlySnapshots } from '../../data/local/early-catalog';
import { readRegisterCatalog, saveRegisterCatalog } from '../../data/local/register-catalog';
import { terminalFor } from '../../data/local/terminal';
import { whenIdle } from '../../lib/after-paint';
import { markBoot } from '../../lib/boot-marks';
import type { RegisterCatalog, RegisterCategory } from './register-deps';
import { t } from '@lingui/core/macro';

export type RegisterData =
  | {
      kind: 'ready';
      catalog: RegisterCatalog;
      rules: PricingRules;
      scaleLayouts: EmbeddedLayout[];
      terminal: TerminalIdentity;
      /** The shop's IANA time zone: promotions' hours are read in it ([PROMO-2]); absent, UTC. */
      timeZone?: string;
    }
  | { kind: 'no_terminal'; message: string }
  | { kind: 'not_synced'; message: string };

function isCompanyRow(row: MirrorRow | undefined): row is MirrorRow & CompanyRow {
  return (
    row !== undefined &&
    typeof row.currency === 'string' &&
    typeof row.prices_include_tax === 'boolean' &&
    typeof row.cash_rounding === 'number'
  );
}

function categoryOf(row: MirrorRow): RegisterCategory & { order: number } {
  return {
    id: row.id,
    name: typeof row.name === 'string' ? row.name : 'Unnamed',
    order: typeof row.sort_order === 'number' ? row.sort_order : 0,
  };
}

export async function loadRegisterData(
  dbs: { mirror: MirrorDb; ledger: LedgerDb },
  companyId: string,
): Promise<RegisterData> {
  // The catalogue is read beside the terminal, so the ledger and the mirror open side by side (P6); a device
  // that is not a till yet gets its answer as soon as the terminal read says so, without waiting for the rest.
  const rows = Promise.all([
    companySettings(dbs.mirror, companyId),
    // A cold start onto the register began reading its snapshot before the router got here (early-catalog.ts).
    readRegisterCatalog(dbs.mirror, companyId, takeEarlySnapshots(dbs.mirror)),
    companyRows(dbs.mirror, 'categories', companyId),
  ]);
  // Left unread when there is no terminal (or its read fails): a failure then is nobody's to report.
  void rows.catch(() => undefined);
  const terminal = await terminalFor(dbs.ledger, companyId);
  if (!terminal) {
    return {
      kind: 'no_terminal',
      message: t`This device is not set up as a till yet. Set it up in Settings → Terminal, then come back.`,
    };
  }
  const [company, read, categoryRows] = await rows;
  markBoot(read.fromSnapshot ? 'register rows (snapshot)' : 'register rows');
  if (!isCompanyRow(company)) {
    return {
      kind: 'not_synced',
      message: t`The shop's settings have not reached this device yet. Connect once so it can sync.`,
    };
  }
  const categories = categoryRows
    .map(categoryOf)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map(({ id, name }) => ({ id, name }));
  // [PULL-S] Read from the rows: the next start should find a snapshot of them, written once this one is idle.
  if (!read.fromSnapshot) {
    whenIdle(async () => {
      const saved = await saveRegisterCatalog(dbs.mirror, companyId, read);
      markBoot(saved ? 'catalog snapshot saved' : 'catalog snapshot overtaken by a pull');
    });
  }
  const onSale = read.products;
  return {
    kind: 'ready',
    catalog: { index: new ProductSearchIndex(onSale), products: onSale, categories },
    rules: pricingRulesOf(company),
    scaleLayouts: scaleLayoutsOf(company.scale_labels),
    terminal,
    timeZone: typeof company.time_zone === 'string' && company.time_zone !== '' ? company.time_zone : 'UTC',
  };
}
