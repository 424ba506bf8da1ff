// Flags (supabase/SPEC.md §16, issue 33): what the server found when it re-derived a till's claims — a price,
// a tax rate, a missing approval, a card payment used twice — one row per difference, for managers and owners.
// Read through `list_flags` (a shop's flags since a time) and, for one sale's page, from `flags` under RLS.
// Needs a connection; a cashier is refused (42501) and the screens never ask for them.
import { queryOptions, skipToken } from '@tanstack/react-query';
import { z } from 'zod';
import { decode } from './decode';
import type { Supabase } from './supabase-client';
import { verifyApprovals } from './verify-approvals';
import { t } from '@lingui/core/macro';

/** The kinds the server writes today ([FLAG-1]); a kind added later still decodes and reads in words. */
export const FLAG_KINDS = [
  'price',
  'tax_rate',
  'modifiers',
  'missing_approval',
  'weight_without_label',
  'scale_label',
  'unverified_approval',
  'unverified_cashier',
  'card_reuse',
  'card_amount',
  'receipt_token',
  'promotion',
  'coupon_reuse',
  'overdraw',
  // Issue 37 ([VAL-24], [VAL-25], [VAL-29]).
  'value_account',
  'loyalty',
  'code_guessing',
] as const;

export type FlagKind = (typeof FLAG_KINDS)[number];

export function isFlagKind(value: unknown): value is FlagKind {
  return FLAG_KINDS.some((kind) => kind === value);
}

const flagRow = z.object({
  id: z.string(),
  kind: z.string().min(1),
  sale_id: z.string().nullable(),
  terminal_id: z.string().nullable(),
  // Whatever the server found worth saying; an odd shape is shown as nothing rather than failing the list.
  detail: z.record(z.string(), z.unknown()).catch({}),
  created_at: z.string(),
});

export interface Flag {
  id: string;
  kind: string;
  saleId: string | null;
  terminalId: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
}

/** A flag with the receipt number of its sale (null with no sale, or a sale the server no longer names). */
export interface ListedFlag extends Flag {
  receiptNo: string | null;
}

function flagsOf(data: unknown): Flag[] {
  return decode(z.array(flagRow), data, 'the flags').map((row) => ({
    id: row.id,
    kind: row.kind,
    saleId: row.sale_id,
    terminalId: row.terminal_id,
    detail: row.detail,
    createdAt: row.created_at,
  }));
}

/** A read the server refused or could not answer, with what to tell a manager. */
export class FlagsError extends Error {
  constructor(
    message: string,
    /** PostgREST's code: 42501 when the caller may not read flags ([FLAG-3]). */
    readonly code: string,
  ) {
    super(message);
    this.name = 'FlagsError';
  }

  /** Words for the screen: a refusal says whose flags these are; anything else, that they need the server. */
  get words(): string {
    return this.code === '42501'
      ? t`Flags are shown to managers and owners only.`
      : t`Flags are kept on the server and need a connection.`;
  }
}

function failed(error: { message: string; code?: string }): never {
  throw new FlagsError(error.message, error.code ?? '');
}

/**
 * [PASSKEY-T10] Security-key approvals wait on the server for their signature's check, counted as given
 * meanwhile; the till that sent them asks for it after its push, but a till may go quiet first. So a manager
 * reading flags asks for it too, and a bad signature is on the list they read. Best effort: the flags are
 * read either way.
 */
async function settlePasskeyChecks(supabase: Supabase, companyId: string): Promise<void> {
  await verifyApprovals(supabase)(companyId).catch(() => null);
}

async function listFlags(supabase: Supabase, companyId: string, since: string | null): Promise<Flag[]> {
  await settlePasskeyChecks(supabase, companyId);
  const { data, error } = await supabase.rpc('list_flags', {
    p_company: companyId,
    ...(since === null ? {} : { p_since: since }),
  });
  if (error) failed(error);
  return flagsOf(data);
}

// Receipt numbers are asked for in slices so a long list never makes an address too long for a proxy.
const RECEIPT_SLICE = 100;

async function receiptNumbers(
  supabase: Supabase,
  companyId: string,
  saleIds: readonly string[],
): Promise<Map<string, string>> {
  const slices: string[][] = [];
  for (let at = 0; at < saleIds.length; at += RECEIPT_SLICE)
    slices.push(saleIds.slice(at, at + RECEIPT_SLICE));
  const answers = await Promise.all(
    slices.map((ids) =>
      supabase.from('sales').select('id, receipt_no').eq('company_id', companyId).in('id', ids),
    ),
  );
  const numbers = new Map<string, string>();
  for (const { data, error } of answers) {
    if (error) failed(error);
    for (const row of data) numbers.set(row.id, row.receipt_no);
  }
  return numbers;
}

/** [FLAGUI-2] The shop's flags since `since` (all with null), newest first, each with its sale's receipt number. */
export async function fetchFlags(
  supabase: Supabase,
  companyId: string,
  since: string | null,
): Promise<ListedFlag[]> {
  const flags = await listFlags(supabase, companyId, since);
  const saleIds = [...new Set(flags.flatMap((flag) => (flag.saleId ? [flag.saleId] : [])))];
  const numbers =
    saleIds.length > 0 ? await receiptNumbers(supabase, companyId, saleIds) : new Map<string, string>();
  return flags.map((flag) => ({
    ...flag,
    receiptNo: flag.saleId ? (numbers.get(flag.saleId) ?? null) : null,
  }));
}

export function flagsQuery(supabase: Supabase, companyId: string, since: string | null) {
  return queryOptions({
    queryKey: ['flags', companyId, 'list', since] as const,
    queryFn: () => fetchFlags(supabase, companyId, since),
    retry: false,
  });
}

/** [FLAGUI-3] How many flags the server wrote since `since`: the overview's count. */
export function flagCountQuery(supabase: Supabase, companyId: string, since: string) {
  return queryOptions({
    queryKey: ['flags', companyId, 'count', since] as const,
    queryFn: async () => (await listFlags(supabase, companyId, since)).length,
    retry: false,
  });
}

/** [FLAGUI-1] One sale's flags, oldest first, read under RLS (a cashier's read answers none). */
export async function fetchSaleFlags(supabase: Supabase, companyId: string, saleId: string): Promise<Flag[]> {
  await settlePasskeyChecks(supabase, companyId);
  const { data, error } = await supabase
    .from('flags')
    .select('id, kind, sale_id, terminal_id, detail, created_at')
    .eq('company_id', companyId)
    .eq('sale_id', saleId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) failed(error);
  return flagsOf(data);
}

/** The read behind a sale's flags: fetchSaleFlags bound by the route; tests pass fakes. */
export type ReadSaleFlags = (saleId: string) => Promise<Flag[]>;

export function saleFlagsQuery(companyId: string, read: ReadSaleFlags | null, saleId: string) {
  return queryOptions({
    queryKey: ['flags', companyId, 'sale', saleId] as const,
    queryFn: read ? () => read(saleId) : skipToken,
    retry: false,
  });
}
