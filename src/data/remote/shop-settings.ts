// The shop's own settings as the server keeps them (issue 8 "Settings"): the company, its stores, terminals,
// members and invites. These are server-owned rows edited by owners (managers may rename terminals), so they
// are read and written straight through supabase-js under RLS and need a connection; the till's mirror keeps
// a read-only copy for selling offline. Errors come back in words a shop owner understands.
import { queryOptions } from '@tanstack/react-query';
import type { MemberRole } from './memberships';
import { callRpc, type Supabase } from './supabase-client';

export interface CompanySettings {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  pricesIncludeTax: boolean;
  defaultTaxRateBp: number;
  cashRounding: number;
}

export interface StoreRow {
  id: string;
  name: string;
  address: string | null;
}

export interface TerminalRow {
  id: string;
  code: string;
  name: string;
  storeId: string;
}

export interface MemberRow {
  id: string;
  userId: string;
  role: MemberRole;
  displayName: string;
}

export interface InviteRow {
  id: string;
  code: string;
  role: MemberRole;
  email: string | null;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
}

export interface ShopSettings {
  company: CompanySettings;
  stores: StoreRow[];
  terminals: TerminalRow[];
  members: MemberRow[];
  currencies: string[];
}

export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

interface ServerError {
  message: string;
  code?: string;
  hint?: string | null;
}

const HINTS: Record<string, string> = {
  last_owner: 'A shop needs at least one owner: make someone else owner first.',
  invite_used: 'That invite was already used: the person has joined.',
  invite_not_found: 'That invite no longer exists.',
};

/** A server refusal in plain words; the server's own sentence when it is already one. */
export function plainSettingsError(error: ServerError): string {
  const hint = error.hint ?? '';
  if (hint && HINTS[hint]) return HINTS[hint];
  if (error.code === '42501') return 'Only the shop’s owner can change this.';
  if (error.code === '22023' || /time zone/i.test(error.message)) return 'That time zone is not known.';
  if (error.code === '23514') return 'That value is not allowed here: check the field and try again.';
  if (error.code === '23505') return 'That name is already used.';
  if (/fetch|network/i.test(error.message)) return 'Needs a connection: settings are saved on the server.';
  return error.message;
}

function fail(error: ServerError | null): void {
  if (error) throw new SettingsError(plainSettingsError(error));
}

type Row = Record<string, unknown>;
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

export function shopSettingsQuery(supabase: Supabase, companyId: string) {
  return queryOptions({
    queryKey: ['shop-settings', companyId],
    queryFn: async (): Promise<ShopSettings> => {
      const [company, stores, terminals, members, currencies] = await Promise.all([
        supabase
          .from('companies')
          .select('id, name, currency, time_zone, prices_include_tax, default_tax_rate_bp, cash_rounding')
          .eq('id', companyId)
          .single(),
        supabase
          .from('stores')
          .select('id, name, address')
          .eq('company_id', companyId)
          .is('deleted_at', null)
          .order('name'),
        supabase
          .from('terminals')
          .select('id, code, name, store_id')
          .eq('company_id', companyId)
          .is('deleted_at', null)
          .order('code'),
        supabase
          .from('company_members')
          .select('id, user_id, role, display_name')
          .eq('company_id', companyId)
          .is('deleted_at', null)
          .order('display_name'),
        supabase.from('currencies').select('code').order('code'),
      ]);
      for (const answer of [company, stores, terminals, members, currencies]) fail(answer.error);
      const c = (company.data ?? {}) as Row;
      return {
        company: {
          id: str(c.id, companyId),
          name: str(c.name),
          currency: str(c.currency, 'EUR'),
          timeZone: str(c.time_zone, 'UTC'),
          pricesIncludeTax: c.prices_include_tax !== false,
          defaultTaxRateBp: Number(c.default_tax_rate_bp ?? 0),
          cashRounding: Number(c.cash_rounding ?? 1),
        },
        stores: ((stores.data ?? []) as Row[]).map((row) => ({
          id: str(row.id),
          name: str(row.name),
          address: typeof row.address === 'string' ? row.address : null,
        })),
        terminals: ((terminals.data ?? []) as Row[]).map((row) => ({
          id: str(row.id),
          code: str(row.code),
          name: str(row.name),
          storeId: str(row.store_id),
        })),
        members: ((members.data ?? []) as Row[]).map((row) => ({
          id: str(row.id),
          userId: str(row.user_id),
          role: str(row.role, 'cashier') as MemberRole,
          displayName: str(row.display_name),
        })),
        currencies: ((currencies.data ?? []) as Row[]).map((row) => str(row.code)).filter(Boolean),
      };
    },
  });
}

export function invitesQuery(supabase: Supabase, companyId: string) {
  return queryOptions({
    queryKey: ['shop-settings', companyId, 'invites'],
    queryFn: async (): Promise<InviteRow[]> => {
      const { data, error } = await callRpc(supabase, 'list_invites', { p_company: companyId });
      fail(error);
      return ((data ?? []) as Row[]).map(inviteOf);
    },
  });
}

function inviteOf(row: Row): InviteRow {
  return {
    id: str(row.id),
    code: str(row.code),
    role: str(row.role, 'cashier') as MemberRole,
    email: typeof row.email === 'string' ? row.email : null,
    expiresAt: str(row.expires_at),
    usedAt: typeof row.used_at === 'string' ? row.used_at : null,
    revokedAt: typeof row.revoked_at === 'string' ? row.revoked_at : null,
  };
}

/** The writes the settings page makes; each throws SettingsError with a plain sentence. */
export function shopSettingsWrites(supabase: Supabase, companyId: string) {
  return {
    async updateCompany(fields: Omit<CompanySettings, 'id'>): Promise<void> {
      const { error } = await supabase
        .from('companies')
        .update({
          name: fields.name,
          currency: fields.currency,
          time_zone: fields.timeZone,
          prices_include_tax: fields.pricesIncludeTax,
          default_tax_rate_bp: fields.defaultTaxRateBp,
          cash_rounding: fields.cashRounding,
        })
        .eq('id', companyId);
      fail(error);
    },
    async addStore(name: string, address: string | null = null): Promise<void> {
      const { error } = await supabase.from('stores').insert({ company_id: companyId, name, address });
      fail(error);
    },
    async renameStore(id: string, name: string): Promise<void> {
      const { error } = await supabase.from('stores').update({ name }).eq('id', id);
      fail(error);
    },
    async renameTerminal(id: string, name: string): Promise<void> {
      const { error } = await supabase.from('terminals').update({ name }).eq('id', id);
      fail(error);
    },
    async retireTerminal(id: string): Promise<void> {
      const { error } = await supabase
        .from('terminals')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', id);
      fail(error);
    },
    async setRole(memberId: string, role: MemberRole): Promise<void> {
      const { error } = await supabase.from('company_members').update({ role }).eq('id', memberId);
      fail(error);
    },
    async removeMember(memberId: string): Promise<void> {
      const { error } = await supabase
        .from('company_members')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', memberId);
      fail(error);
    },
    async createInvite(role: MemberRole, validDays: number, email: string | null): Promise<InviteRow> {
      const { data, error } = await callRpc(supabase, 'create_invite', {
        p_company: companyId,
        p_role: role,
        p_valid_days: validDays,
        p_email: email,
      });
      fail(error);
      return inviteOf((data ?? {}) as Row);
    },
    async revokeInvite(id: string): Promise<void> {
      const { error } = await callRpc(supabase, 'revoke_invite', { p_invite: id });
      fail(error);
    },
  };
}

export type ShopSettingsWrites = ReturnType<typeof shopSettingsWrites>;
