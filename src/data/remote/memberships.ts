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
