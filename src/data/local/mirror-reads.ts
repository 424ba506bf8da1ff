// Reads of the mirror for the UI, each usable inside Dexie's liveQuery so screens follow pulls. Soft-deleted
// rows never reach the mirror (tombstones delete locally), so "is it there" is the whole check.
import type { MirrorDb, MirrorMember, MirrorProduct, MirrorRow, MirrorStaff } from './mirror-db';

/** Every product of a company: the register builds its in-memory search index from this. */
export function companyProducts(mirror: MirrorDb, companyId: string): Promise<MirrorProduct[]> {
  return mirror.products.where('company_id').equals(companyId).toArray();
}

export function companyRows(
  mirror: MirrorDb,
  table: 'categories' | 'customers' | 'stores' | 'terminals',
  companyId: string,
): Promise<MirrorRow[]> {
  return mirror[table].where('company_id').equals(companyId).toArray();
}

/** The shop's staff (issue 18): who a shared till's lock screen may list. */
export function companyStaff(mirror: MirrorDb, companyId: string): Promise<MirrorStaff[]> {
  return mirror.staff.where('company_id').equals(companyId).toArray();
}

export function companySettings(mirror: MirrorDb, companyId: string): Promise<MirrorRow | undefined> {
  return mirror.companies.get(companyId);
}

/** The signed-in user's active memberships, as last pulled. */
export function membershipsOf(mirror: MirrorDb, userId: string): Promise<MirrorMember[]> {
  return mirror.companyMembers.where('user_id').equals(userId).toArray();
}
