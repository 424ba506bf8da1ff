// The signed-in user's company memberships: which shop they belong to and in which role. One queryOptions
// factory shared by the dashboard/onboarding guards (ensureQueryData) and by components (useQuery).
// Persisted (meta.persist) so a till that starts offline still knows its shop.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { decode } from './decode';
import type { Supabase } from './supabase-client';

/** `company_members.role` and `invites.role` are text under a check constraint: these three words. */
export const memberRoleSchema = z.enum(['owner', 'manager', 'cashier']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export interface Membership {
  companyId: string;
  companyName: string;
  currency: string;
  /** IANA zone the shop keeps its days in (reports count "today" there). */
  timeZone: string;
  role: MemberRole;
  displayName: string | null;
  /**
   * Set when the signed-in account is a paired till's, not a person's (supabase/SPEC.md §21): it acts at a
   * cashier's level for its own store only, and always as a shared till.
   */
  device?: PairedDeviceInfo;
}

export interface PairedDeviceInfo {
  id: string;
  name: string;
  storeId: string;
}

export function membershipsQuery(supabase: Supabase, userId: string) {
  return queryOptions({
    queryKey: ['memberships', userId],
    queryFn: async (): Promise<Membership[]> => {
      const { data, error } = await supabase
        .from('company_members')
        .select('company_id, role, display_name, companies(name, currency, time_zone)')
        .eq('user_id', userId)
        .is('deleted_at', null);
      if (error) throw new Error(error.message);
      if (data.length === 0) return deviceMemberships(supabase, userId);
      return data.map((row) => ({
        companyId: row.company_id,
        companyName: row.companies.name,
        currency: row.companies.currency,
        timeZone: row.companies.time_zone,
        role: decode(memberRoleSchema, row.role, 'the member role'),
        displayName: row.display_name,
      }));
    },
    // A failed lookup must not strand a till offline: run once, do not wait for the network to return.
    networkMode: 'offlineFirst',
    gcTime: 24 * 60 * 60 * 1000,
    meta: { persist: true },
  });
}

/**
 * A paired till has no membership: its `devices` row (which it alone reads, with its shop) stands for one,
 * as a cashier of that shop. A revoked till has none: it is nobody's till any more.
 */
async function deviceMemberships(supabase: Supabase, userId: string): Promise<Membership[]> {
  const { data, error } = await supabase
    .from('devices')
    .select('id, name, store_id, company_id, companies(name, currency, time_zone)')
    .eq('user_id', userId)
    .is('revoked_at', null);
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    companyId: row.company_id,
    companyName: row.companies.name,
    currency: row.companies.currency,
    timeZone: row.companies.time_zone,
    role: 'cashier' as const,
    displayName: row.name,
    device: { id: row.id, name: row.name, storeId: row.store_id },
  }));
}
