// What is still only on this device: the count a sign-out dialog shows (DESIGN §6 "Sign-out") and the JSON
// a manager can download and keep ("Export unsynced work"). Reading never changes anything: unsynced work
// is never deleted here.
import type { LedgerDb } from './ledger-db';
import type { DeadLetterRow, LedgerPayment, LedgerSale, LedgerSaleLine, OutboxRow } from './ledger-types';
import { withSaleSync } from './sale-sync';

export interface UnsyncedSummary {
  ops: number;
  /** Sales and refunds not yet on the server. */
  sales: number;
  deadLetters: number;
  /** Ops per company, so another company's member can be told work waits for a member of that company. */
  byCompany: Record<string, number>;
}

/** [SIGNOUT-1] How much work would wait on the device after signing out. */
export async function unsyncedSummary(ledger: LedgerDb): Promise<UnsyncedSummary> {
  const [ops, deadLetters] = await Promise.all([ledger.outbox.toArray(), ledger.deadLetters.count()]);
  const byCompany: Record<string, number> = {};
  for (const op of ops) byCompany[op.company_id] = (byCompany[op.company_id] ?? 0) + 1;
  // Sales and refunds are the ops whose business row is a sale (src/data/ops/sale-record.ts, sale-refund.ts).
  const sales = ops.filter((op) => op.entity?.table === 'sales').length;
  return { ops: ops.length, sales, deadLetters, byCompany };
}

export interface UnsyncedExport {
  format: 'tillpoint-unsynced-work';
  version: 1;
  exported_at: string;
  /** The shops whose work this file holds: the signed-in user's ([EXPORT-2]). */
  companies: string[];
  /** Ops of other shops that stay on the device and are not in this file (their count only). */
  other_shops_ops: number;
  ops: OutboxRow[];
  dead_letters: DeadLetterRow[];
  sales: (LedgerSale & { lines: LedgerSaleLine[]; payments: LedgerPayment[] })[];
}

/**
 * [EXPORT-1] Every op not yet applied, every dead letter, and the sales they carry, as plain JSON —
 * [EXPORT-2] of the shops in `companies` only: a shared device holds other shops' customers and sales, and
 * a member of one shop must not carry them away. Their ops are only counted.
 */
export async function exportUnsyncedWork(
  ledger: LedgerDb,
  now: Date,
  companies: ReadonlySet<string>,
): Promise<UnsyncedExport> {
  return ledger.transaction(
    'r',
    [ledger.outbox, ledger.deadLetters, ledger.sales, ledger.saleLines, ledger.payments],
    async () => {
      const allOps = await ledger.outbox.orderBy('seq').toArray();
      const allDead = await ledger.deadLetters.orderBy('seq').toArray();
      const ops = allOps.filter((op) => companies.has(op.company_id));
      const dead = allDead.filter((op) => companies.has(op.company_id));
      const saleIds = [...ops, ...dead]
        .filter((op) => op.entity?.table === 'sales')
        .map((op) => op.entity?.id ?? '');
      const stored = (await ledger.sales.bulkGet(saleIds)).filter((sale) => sale !== undefined);
      const sales = await withSaleSync(ledger, stored);
      const withLines = await Promise.all(
        sales.map(async (sale) => ({
          ...sale,
          lines: await ledger.saleLines.where('sale_id').equals(sale.id).sortBy('line_no'),
          payments: await ledger.payments.where('sale_id').equals(sale.id).toArray(),
        })),
      );
      return {
        format: 'tillpoint-unsynced-work',
        version: 1,
        exported_at: now.toISOString(),
        companies: [...companies],
        other_shops_ops: allOps.length - ops.length + (allDead.length - dead.length),
        ops,
        dead_letters: dead,
        sales: withLines,
      };
    },
  );
}
