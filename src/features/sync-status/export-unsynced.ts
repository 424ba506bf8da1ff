// "Export unsynced work" ([EXPORT-1]): the ledger's unsynced ops, dead letters and their sales as one JSON
// file the browser downloads, for a manager to keep. Reading only: nothing leaves the ledger.
import type { LedgerDb } from '../../data/local/ledger-db';
import { exportUnsyncedWork } from '../../data/local/unsynced-work';

/** `tillpoint-unsynced-2026-11-21T09-15-00.json`: sortable, and safe on every file system. */
export function exportFileName(now: Date): string {
  return `tillpoint-unsynced-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
}

/** Builds the document and hands it to the browser as a download; answers the file name. */
export async function downloadUnsyncedWork(ledger: LedgerDb, now: Date): Promise<string> {
  const document_ = await exportUnsyncedWork(ledger, now);
  const blob = new Blob([JSON.stringify(document_, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const name = exportFileName(now);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled: the download has its own reference by then.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 0);
  }
  return name;
}
