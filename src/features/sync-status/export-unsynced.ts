// "Export unsynced work" ([EXPORT-1]): the ledger's unsynced ops, dead letters and their sales as one JSON
// file the browser downloads, for a manager to keep. Reading only: nothing leaves the ledger.
import type { LedgerDb } from '../../data/local/ledger-db';
import { exportUnsyncedWork } from '../../data/local/unsynced-work';
import { downloadFile } from '../../lib/download';

/** `tillpoint-unsynced-2026-11-21T09-15-00.json`: sortable, and safe on every file system. */
export function exportFileName(now: Date): string {
  return `tillpoint-unsynced-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
}

/**
 * Builds the document of the signed-in user's shops ([EXPORT-2]) and hands it to the browser as a download;
 * answers the file name.
 */
export async function downloadUnsyncedWork(
  ledger: LedgerDb,
  now: Date,
  companies: ReadonlySet<string>,
): Promise<string> {
  const document_ = await exportUnsyncedWork(ledger, now, companies);
  const name = exportFileName(now);
  downloadFile(name, JSON.stringify(document_, null, 2), 'application/json');
  return name;
}
