// The customer book as shown: the mirror's customers with this device's own customers laid over them (a
// customer made or changed here and not synced yet is newer than the mirror's copy), searched by name,
// email or phone; for a manager, with each customer's visits and spend, in the order asked for.
import { msg } from '@lingui/core/macro';
import type { LedgerCustomer, SyncState } from '../../data/local/ledger-types';
import type { MirrorRow } from '../../data/local/mirror-db';
import type { CustomerTotals } from '../../data/remote/reports';

export interface CustomerRow {
  id: string;
  company_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  state: SyncState;
}

const byName = (a: CustomerRow, b: CustomerRow) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

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
  return [...rows.values()].sort(byName);
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

/** A customer as the list shows it to a manager: with how often they came and what they spent. */
export interface CustomerWithTotals extends CustomerRow {
  visits: number;
  netSpend: number;
  lastVisit: string | null;
}

/** Lays the server's totals over the customer book; a customer with no sale yet has none. */
export function withTotals(
  rows: readonly CustomerRow[],
  totals: readonly CustomerTotals[],
): CustomerWithTotals[] {
  const byCustomer = new Map(totals.map((row) => [row.customerId, row]));
  return rows.map((row) => {
    const found = byCustomer.get(row.id);
    return {
      ...row,
      visits: found?.visits ?? 0,
      netSpend: found?.netSpend ?? 0,
      lastVisit: found?.lastVisit ?? null,
    };
  });
}

export const CUSTOMER_ORDERS = {
  name: msg`Name`,
  spend: msg`Most spent`,
  visits: msg`Most visits`,
  recent: msg`Latest visit`,
} as const;
export type CustomerOrder = keyof typeof CUSTOMER_ORDERS;
export const isCustomerOrder = (value: string): value is CustomerOrder => value in CUSTOMER_ORDERS;

const byOrder: Record<CustomerOrder, (a: CustomerWithTotals, b: CustomerWithTotals) => number> = {
  name: byName,
  spend: (a, b) => b.netSpend - a.netSpend || byName(a, b),
  visits: (a, b) => b.visits - a.visits || byName(a, b),
  // ISO instants sort as text; a customer never seen goes last.
  recent: (a, b) => (b.lastVisit ?? '').localeCompare(a.lastVisit ?? '') || byName(a, b),
};

export function orderCustomers(
  rows: readonly CustomerWithTotals[],
  order: CustomerOrder,
): CustomerWithTotals[] {
  return [...rows].sort(byOrder[order]);
}
