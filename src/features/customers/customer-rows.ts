// The customer book as shown: the mirror's customers with this device's own customers laid over them (a
// customer made or changed here and not synced yet is newer than the mirror's copy), searched by name,
// email or phone.
import type { LedgerCustomer, SyncState } from '../../data/local/ledger-types';
import type { MirrorRow } from '../../data/local/mirror-db';

export interface CustomerRow {
  id: string;
  company_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  state: SyncState;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function fromMirror(row: MirrorRow): CustomerRow {
  return {
    id: row.id,
    company_id: row.company_id ?? '',
    name: text(row.name) ?? '',
    email: text(row.email),
    phone: text(row.phone),
    note: text(row.note),
    state: 'synced',
  };
}

export function mergeCustomers(
  mirror: readonly MirrorRow[],
  device: readonly LedgerCustomer[],
): CustomerRow[] {
  const rows = new Map(mirror.map((row) => [row.id, fromMirror(row)]));
  for (const row of device) {
    if (row.sync === 'synced' && rows.has(row.id)) continue;
    const { id, company_id, name, email, phone, note } = row;
    rows.set(id, { id, company_id, name, email, phone, note, state: row.sync });
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

const digits = (value: string) => value.replace(/\D/g, '');

/** Every word must appear in the name or email; a query of digits also matches the phone's digits. */
export function searchCustomers(rows: readonly CustomerRow[], query: string): CustomerRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  const phoneQuery = digits(query);
  return rows.filter((row) => {
    const haystack = `${row.name} ${row.email ?? ''} ${row.phone ?? ''}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) return true;
    return phoneQuery.length >= 3 && row.phone !== null && digits(row.phone).includes(phoneQuery);
  });
}
