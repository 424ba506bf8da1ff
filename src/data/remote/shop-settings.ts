// The shop's own settings as the server keeps them (issue 8 "Settings"): the company, its stores, terminals,
// members and invites. These are server-owned rows edited by owners (managers may rename terminals), so they
// are read and written straight through supabase-js under RLS and need a connection; the till's mirror keeps
// a read-only copy for selling offline. Errors come back in words a shop owner understands.
import { isCostMethod, type CostMethod } from '../../domain/cost';
import { scaleLayoutsOf, scaleLayoutsRow, type EmbeddedLayout } from '../../domain/embedded-barcode';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { decode } from './decode';
import type { ShippedLocale } from '../../lib/i18n/locales';
import { shopLanguageOf } from '../../lib/i18n/who-chooses';
import { memberRoleSchema, type MemberRole } from './memberships';
import { serverErrorWords } from './server-error-words';
import type { Database } from './database.types';
import type { Supabase } from './supabase-client';
import { msg, t } from '@lingui/core/macro';
import { type CodeWords, unknownRefusal, wordsOf } from '../refusal-words';

export interface CompanySettings {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  pricesIncludeTax: boolean;
  defaultTaxRateBp: number;
  cashRounding: number;
  /** What receipts print: header, address and tax number on top, footer at the end; null when unset. */
  receiptHeader: string | null;
  receiptFooter: string | null;
  address: string | null;
  taxNumber: string | null;
}

/** The shared till's settings (issue 18, docs/shared-till.md): shifts, locking and manager approvals. */
export interface TillRules {
  /** One shift per drawer (till), or one per cashier. */
  shiftMode: 'drawer' | 'cashier';
  lockAfterSale: boolean;
  /** 0 = never. */
  lockIdleMinutes: number;
  approveRefund: boolean;
  /** Basis points; null = never (1000 = discounts over 10 % need a manager). */
  approveDiscountOverBp: number | null;
  approvePriceOverride: boolean;
  approveLineRemoval: boolean;
  approveNoSale: boolean;
  /** Minor units; null = never. */
  approveShiftDifferenceOver: number | null;
  /** [STAFF-16] Digits a manager's or owner's PIN must have when it is set: 4, or 6. */
  approvalPinDigits: 4 | 6;
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
  tillRules: TillRules;
  /** The shop's scale label layouts (SCALE-3); empty when it sells nothing from a scale. */
  scaleLayouts: EmbeddedLayout[];
  /** How a receive's unit cost moves a product's cost ([COST-1]). */
  costMethod: CostMethod;
  /** [LANG-1] The language of the shop's receipts, mails, reports and customer display. */
  shopLanguage: ShippedLocale;
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

const HINTS: CodeWords = {
  last_owner: msg`A shop needs at least one owner: make someone else owner first.`,
  invite_used: msg`That invite was already used: the person has joined.`,
  invite_not_found: msg`That invite no longer exists.`,
  // [SCALE-3] The server's message names the layout's problem, in English: the person reads this instead.
  invalid_scale_labels: msg`A scale label layout is not valid: check its prefix and the positions of its code and value, then save again.`,
};

/** A server refusal in plain words, by its code: never the server's own (English) sentence. */
export function plainSettingsError(error: ServerError): string {
  const known = wordsOf(HINTS, error.hint);
  if (known !== undefined) return known;
  if (error.code === '42501') return t`Only the shop’s owner can change this.`;
  if (error.code === '22023' || /time zone/i.test(error.message)) return t`That time zone is not known.`;
  if (error.code === '23514') return t`That value is not allowed here: check the field and try again.`;
  if (error.code === '23505') return t`That name is already used.`;
  if (/fetch|network/i.test(error.message)) return t`Needs a connection: settings are saved on the server.`;
  // [INPUT-4] Postgres's own message for a data error never reaches the screen, nor the server's English
  // sentence (issue 35): the person reads the app's words for its code.
  return serverErrorWords(error) ?? unknownRefusal(error.hint, error.code);
}

function fail(error: ServerError | null): void {
  if (error) throw new SettingsError(plainSettingsError(error));
}

/** What a read answered, or its refusal as a SettingsError. */
function dataOf<T>(answer: { data: T; error: null } | { data: null; error: ServerError }): T {
  if (answer.error) throw new SettingsError(plainSettingsError(answer.error));
  return answer.data;
}

// One literal, so supabase-js types the row it answers.
const COMPANY_COLUMNS =
  'id, name, currency, time_zone, prices_include_tax, default_tax_rate_bp, cash_rounding, receipt_header, receipt_footer, address, tax_number, shift_mode, lock_after_sale, lock_idle_minutes, approve_refund, approve_discount_over_bp, approve_price_override, approve_line_removal, approve_no_sale, approve_shift_difference_over, approval_pin_digits, scale_labels, cost_method, language';

const shiftModeSchema = z.enum(['drawer', 'cashier']);

const roleOf = (value: string): MemberRole => decode(memberRoleSchema, value, 'the member role');

export function shopSettingsQuery(supabase: Supabase, companyId: string) {
  return queryOptions({
    queryKey: ['shop-settings', companyId],
    queryFn: async (): Promise<ShopSettings> => {
      const [company, stores, terminals, members, currencies] = await Promise.all([
        supabase.from('companies').select(COMPANY_COLUMNS).eq('id', companyId).single().then(dataOf),
        supabase
          .from('stores')
          .select('id, name, address')
          .eq('company_id', companyId)
          .is('deleted_at', null)
          .order('name')
          .then(dataOf),
        supabase
          .from('terminals')
          .select('id, code, name, store_id')
          .eq('company_id', companyId)
          .is('deleted_at', null)
          .order('code')
          .then(dataOf),
        supabase
          .from('company_members')
          .select('id, user_id, role, display_name')
          .eq('company_id', companyId)
          .is('deleted_at', null)
          .order('display_name')
          .then(dataOf),
        supabase.from('currencies').select('code').order('code').then(dataOf),
      ]);
      return {
        company: {
          id: company.id,
          name: company.name,
          currency: company.currency,
          timeZone: company.time_zone,
          pricesIncludeTax: company.prices_include_tax,
          defaultTaxRateBp: company.default_tax_rate_bp,
          cashRounding: company.cash_rounding,
          receiptHeader: company.receipt_header,
          receiptFooter: company.receipt_footer,
          address: company.address,
          taxNumber: company.tax_number,
        },
        tillRules: {
          shiftMode: decode(shiftModeSchema, company.shift_mode, 'the shift mode'),
          lockAfterSale: company.lock_after_sale,
          lockIdleMinutes: company.lock_idle_minutes,
          approveRefund: company.approve_refund,
          approveDiscountOverBp: company.approve_discount_over_bp,
          approvePriceOverride: company.approve_price_override,
          approveLineRemoval: company.approve_line_removal,
          approveNoSale: company.approve_no_sale,
          approveShiftDifferenceOver: company.approve_shift_difference_over,
          approvalPinDigits: company.approval_pin_digits === 6 ? 6 : 4,
        },
        scaleLayouts: scaleLayoutsOf(company.scale_labels),
        costMethod: isCostMethod(company.cost_method) ? company.cost_method : 'last',
        shopLanguage: shopLanguageOf(company),
        stores,
        terminals: terminals.map((row) => ({
          id: row.id,
          code: row.code,
          name: row.name,
          storeId: row.store_id,
        })),
        members: members.map((row) => ({
          id: row.id,
          userId: row.user_id,
          role: roleOf(row.role),
          displayName: row.display_name,
        })),
        currencies: currencies.map((row) => row.code),
      };
    },
  });
}

export function invitesQuery(supabase: Supabase, companyId: string) {
  return queryOptions({
    queryKey: ['shop-settings', companyId, 'invites'],
    queryFn: async (): Promise<InviteRow[]> =>
      (await supabase.rpc('list_invites', { p_company: companyId }).then(dataOf)).map(inviteOf),
  });
}

type InviteAnswer = Database['public']['Functions']['list_invites']['Returns'][number];

/** create_invite answers the new `invites` row as jsonb, which the generated types leave as `Json`. */
const createdInvite = z.object({
  id: z.string(),
  code: z.string(),
  role: z.string(),
  email: z.string().nullable(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

function inviteOf(row: Pick<InviteAnswer, keyof z.infer<typeof createdInvite>>): InviteRow {
  return {
    id: row.id,
    code: row.code,
    role: roleOf(row.role),
    email: row.email,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    revokedAt: row.revoked_at,
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
          receipt_header: fields.receiptHeader,
          receipt_footer: fields.receiptFooter,
          address: fields.address,
          tax_number: fields.taxNumber,
        })
        .eq('id', companyId);
      fail(error);
    },
    async updateTillRules(rules: TillRules): Promise<void> {
      const { error } = await supabase
        .from('companies')
        .update({
          shift_mode: rules.shiftMode,
          lock_after_sale: rules.lockAfterSale,
          lock_idle_minutes: rules.lockIdleMinutes,
          approve_refund: rules.approveRefund,
          approve_discount_over_bp: rules.approveDiscountOverBp,
          approve_price_override: rules.approvePriceOverride,
          approve_line_removal: rules.approveLineRemoval,
          approve_no_sale: rules.approveNoSale,
          approve_shift_difference_over: rules.approveShiftDifferenceOver,
          approval_pin_digits: rules.approvalPinDigits,
        })
        .eq('id', companyId);
      fail(error);
    },
    async updateScaleLayouts(layouts: readonly EmbeddedLayout[]): Promise<void> {
      const { error } = await supabase
        .from('companies')
        .update({ scale_labels: scaleLayoutsRow(layouts) })
        .eq('id', companyId);
      fail(error);
    },
    async updateCostMethod(method: CostMethod): Promise<void> {
      const { error } = await supabase.from('companies').update({ cost_method: method }).eq('id', companyId);
      fail(error);
    },
    /** [LANG-2] Owners only; the server refuses anyone else (`insufficient_role`). */
    async updateShopLanguage(language: ShippedLocale): Promise<void> {
      const { error } = await supabase.rpc('set_shop_language', {
        p_company_id: companyId,
        p_language: language,
      });
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
      const answer = await supabase.rpc('create_invite', {
        p_company: companyId,
        p_role: role,
        p_valid_days: validDays,
        ...(email === null ? {} : { p_email: email }),
      });
      return inviteOf(decode(createdInvite, dataOf(answer), 'create_invite'));
    },
    async revokeInvite(id: string): Promise<void> {
      const { error } = await supabase.rpc('revoke_invite', { p_invite: id });
      fail(error);
    },
  };
}

export type ShopSettingsWrites = ReturnType<typeof shopSettingsWrites>;
