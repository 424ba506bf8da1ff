// The shop's staff as the server keeps them (issue 18, docs/shared-till.md): members and PIN-only staff with
// their role, whether they are active and whether a PIN is set. Read under RLS (members read their shop's
// staff); written only through `save_staff` and `set_staff_pin`, which check who may change whom. A PIN is
// never sent: the page derives the key and verifier (staff-pin.ts) and sends those. Needs a connection.
import type { ShippedLocale } from '../../lib/i18n/locales';
import { staffLanguageOf } from '../../lib/i18n/who-chooses';
import { queryOptions } from '@tanstack/react-query';
import type { PinSecret } from '../../domain/staff-pin';
import { decode } from './decode';
import { memberRoleSchema, type MemberRole } from './memberships';
import { plainSettingsError, SettingsError } from './shop-settings';
import type { Supabase } from './supabase-client';
import { msg } from '@lingui/core/macro';
import { type CodeWords, wordsOf } from '../refusal-words';

export interface StaffMember {
  id: string;
  /** The member's account; null for PIN-only staff, who never sign in. */
  userId: string | null;
  name: string;
  role: MemberRole;
  active: boolean;
  hasPin: boolean;
  /** [LANG-3] The language a shared till switches to when they unlock it; null = the till's own. */
  language?: ShippedLocale | null;
}

/** What `save_staff` takes: a new or edited PIN-only person, or a member's row (de)activated. */
export interface StaffDraft {
  id: string;
  name: string;
  role: MemberRole;
  active: boolean;
}

interface ServerError {
  message: string;
  code?: string;
  hint?: string | null;
}

const STAFF_HINTS: CodeWords = {
  insufficient_role: msg`You may not change this person: managers manage cashiers, the owner everyone.`,
  self_deactivate: msg`You cannot deactivate yourself.`,
  member_staff: msg`A member’s name and role are changed under Settings → Shop → People.`,
  unknown_staff: msg`That person is no longer on the staff list: reload the page.`,
  pin_too_short: msg`This shop asks managers and owners for a 6-digit PIN.`,
  // The server's English sentence names the person; the form shows who, so the words need not.
  member_left: msg`That person left the shop: invite them again to reactivate them.`,
};

/** A refusal of save_staff or set_staff_pin in plain words; the rest as the other settings say them. */
export function plainStaffError(error: ServerError): string {
  return wordsOf(STAFF_HINTS, error.hint) ?? plainSettingsError(error);
}

function dataOf<T>(answer: { data: T; error: null } | { data: null; error: ServerError }): T {
  if (answer.error) throw new SettingsError(plainStaffError(answer.error));
  return answer.data;
}

export function staffQuery(supabase: Supabase, companyId: string) {
  return queryOptions({
    queryKey: ['staff', companyId],
    queryFn: async (): Promise<StaffMember[]> => {
      const rows = await supabase
        .from('staff')
        .select('id, user_id, name, role, active, pin_set, language')
        .eq('company_id', companyId)
        .is('deleted_at', null)
        .order('name')
        .then(dataOf);
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        name: row.name,
        role: decode(memberRoleSchema, row.role, 'a staff role'),
        active: row.active,
        hasPin: row.pin_set === true,
        language: staffLanguageOf(row),
      }));
    },
  });
}

/** [STAFF-16] How many digits the shop asks of managers' and owners' PINs (4 or 6). */
export function approvalPinDigitsQuery(supabase: Supabase, companyId: string) {
  return queryOptions({
    queryKey: ['approval-pin-digits', companyId],
    queryFn: async (): Promise<4 | 6> => {
      const row = await supabase
        .from('companies')
        .select('approval_pin_digits')
        .eq('id', companyId)
        .single()
        .then(dataOf);
      return row.approval_pin_digits === 6 ? 6 : 4;
    },
  });
}

/** [STAFF-16] The problem with a PIN for someone of `role` when the shop asks for `digits`, or null. */
export function approvalPinProblem(pin: string, role: MemberRole, digits: 4 | 6): string | null {
  return role !== 'cashier' && pin.length < digits ? (wordsOf(STAFF_HINTS, 'pin_too_short') ?? null) : null;
}

/** The staff page's writes; each throws SettingsError with a plain sentence. */
export function staffWrites(supabase: Supabase, companyId: string) {
  return {
    async saveStaff(draft: StaffDraft): Promise<void> {
      dataOf(await supabase.rpc('save_staff', { p_company_id: companyId, p_staff: { ...draft } }));
    },
    async setPin(staffId: string, secret: PinSecret): Promise<void> {
      dataOf(
        await supabase.rpc('set_staff_pin', {
          p_company_id: companyId,
          p_staff_id: staffId,
          p_salt: secret.salt,
          p_kdf: secret.kdf,
          p_key: secret.key,
          p_verifier: secret.verifier,
          p_digits: secret.digits,
        }),
      );
    },
  };
}

export type StaffWrites = ReturnType<typeof staffWrites>;
