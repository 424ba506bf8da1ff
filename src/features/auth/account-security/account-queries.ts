// Reads for the account-security screen, one queryOptions factory each: the user's authenticator factors
// and their sign-in identities (email, Google).
import { queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';

export type AccountAuth = Pick<
  SupabaseClient['auth'],
  'updateUser' | 'mfa' | 'getUserIdentities' | 'linkIdentity' | 'unlinkIdentity'
>;

export function factorsQuery(auth: AccountAuth) {
  return queryOptions({
    queryKey: ['auth', 'factors'],
    queryFn: async () => {
      const { data, error } = await auth.mfa.listFactors();
      if (error) throw error;
      return data.all.filter((factor) => factor.factor_type === 'totp');
    },
    staleTime: 0,
  });
}

export function identitiesQuery(auth: AccountAuth) {
  return queryOptions({
    queryKey: ['auth', 'identities'],
    queryFn: async () => {
      const { data, error } = await auth.getUserIdentities();
      if (error) throw error;
      return data.identities;
    },
    staleTime: 0,
  });
}
