// Paired tills as the server keeps them (issue 33, supabase/SPEC.md §21): the shop's paired devices with
// when each last synced (list_devices), the shop's stores to pair one for, a one-time pairing code
// (create_pairing_code) and revoking a till (revoke_device). Managers and owners only; the server checks.
// Needs a connection, like every back-office page.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { decode } from './decode';
import { plainSettingsError, SettingsError } from './shop-settings';
import type { Supabase } from './supabase-client';
import { msg } from '@lingui/core/macro';
import { type CodeWords, wordsOf } from '../refusal-words';

export interface PairedDevice {
  id: string;
  name: string;
  storeName: string;
  pairedByName: string | null;
  pairedAt: string;
  lastSyncedAt: string | null;
  revokedAt: string | null;
}

export interface PairingCode {
  code: string;
  expiresAt: string;
  name: string;
}

export interface DevicesPageData {
  devices: PairedDevice[];
  stores: { id: string; name: string }[];
}

const deviceRows = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    store_name: z.string(),
    paired_by_name: z.string().nullable(),
    paired_at: z.string(),
    last_synced_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  }),
);

const pairingCode = z.object({ code: z.string(), expires_at: z.string(), name: z.string() });

const HINTS: CodeWords = {
  insufficient_role: msg`Only managers and owners pair and unpair tills.`,
  unknown_store: msg`That store is no longer one of the shop’s stores: reload the page.`,
  too_many_codes: msg`Twenty codes are waiting to be used: use one, or wait ten minutes.`,
  unknown_device: msg`That till is no longer on the list: reload the page.`,
  invalid_args: msg`Give the till a name of at most 100 characters.`,
};

interface ServerError {
  message: string;
  code?: string;
  hint?: string | null;
}

function dataOf<T>(answer: { data: T; error: null } | { data: null; error: ServerError }): T {
  if (answer.error) {
    throw new SettingsError(wordsOf(HINTS, answer.error.hint) ?? plainSettingsError(answer.error));
  }
  return answer.data;
}

export function devicesQuery(supabase: Supabase, companyId: string) {
  return queryOptions({
    queryKey: ['devices', companyId],
    queryFn: async (): Promise<DevicesPageData> => {
      const [listed, stores] = await Promise.all([
        supabase.rpc('list_devices', { p_company: companyId }).then(dataOf),
        supabase
          .from('stores')
          .select('id, name')
          .eq('company_id', companyId)
          .is('deleted_at', null)
          .order('name')
          .then(dataOf),
      ]);
      const devices = decode(deviceRows, listed, 'the paired tills').map((row) => ({
        id: row.id,
        name: row.name,
        storeName: row.store_name,
        pairedByName: row.paired_by_name,
        pairedAt: row.paired_at,
        lastSyncedAt: row.last_synced_at,
        revokedAt: row.revoked_at,
      }));
      return { devices, stores };
    },
  });
}

/** The devices page's writes; each throws SettingsError with a plain sentence. */
export function deviceWrites(supabase: Supabase, companyId: string) {
  return {
    async createCode(storeId: string, name: string): Promise<PairingCode> {
      const made = dataOf(
        await supabase.rpc('create_pairing_code', { p_company: companyId, p_store: storeId, p_name: name }),
      );
      const code = decode(pairingCode, made, 'the pairing code');
      return { code: code.code, expiresAt: code.expires_at, name: code.name };
    },
    async revoke(deviceId: string): Promise<void> {
      dataOf(await supabase.rpc('revoke_device', { p_company: companyId, p_device: deviceId }));
    },
  };
}

export type DeviceWrites = ReturnType<typeof deviceWrites>;
