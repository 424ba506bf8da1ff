// The shared till's activity log (issue 18, docs/shared-till.md): switches, locks, failed PIN runs, lockout
// clears, approvals, 'No sale' and voided lines that tills send as `activity.record` ops, and the rows the
// server writes itself when it cannot verify a cashier, an approval or a scale label (`verified` false). Managers and owners
// read it under RLS, a page at a time; it needs a connection.
import { queryOptions, skipToken } from '@tanstack/react-query';
import { z } from 'zod';
import { decode } from './decode';
import type { Page, PageRequest } from './stock-movements';
import type { Supabase } from './supabase-client';

export const ACTIVITY_KINDS = [
  'switch',
  'lock',
  'pin_failed',
  'pin_lockout',
  'lockout_cleared',
  'approval',
  'no_sale',
  'line_voided',
  'shared_mode',
  /** Written by the server only: a sale line its scale label does not account for ([SCALE-7]). */
  'scale_label',
  /** The server's flag of a sale whose modifiers today's catalogue disagrees with ([MOD-6]). */
  'modifier',
  /** [VAL-28] A till's offline miss of a gift-card code (its length only, never the code). */
  'value_code_failed',
  /** [VAL-19] A manager blocked or unblocked a gift card or a customer's account. */
  'value_status',
] as const;

const activityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKind>;

export interface ActivityEvent {
  id: string;
  terminalId: string | null;
  staffId: string | null;
  kind: ActivityKind;
  detail: Record<string, unknown>;
  occurredAt: string;
  verified: boolean;
}

export interface ActivityFilter {
  terminalId?: string;
  staffId?: string;
  kind?: ActivityKind;
  /** Inclusive lower and exclusive upper bounds of `occurred_at` (ISO). */
  from?: string;
  to?: string;
  /** Only what the server could not verify. */
  unverified?: boolean;
}

const detailSchema = z.record(z.string(), z.unknown()).catch({});

const COLUMNS = 'id, terminal_id, staff_id, kind, detail, occurred_at, verified';

/** A page of the log, newest first. */
export async function fetchActivity(
  supabase: Supabase,
  companyId: string,
  filter: ActivityFilter,
  page: PageRequest,
): Promise<Page<ActivityEvent>> {
  let query = supabase
    .from('activity_events')
    .select(COLUMNS, { count: 'exact' })
    .eq('company_id', companyId);
  if (filter.terminalId) query = query.eq('terminal_id', filter.terminalId);
  if (filter.staffId) query = query.eq('staff_id', filter.staffId);
  if (filter.kind) query = query.eq('kind', filter.kind);
  if (filter.from) query = query.gte('occurred_at', filter.from);
  if (filter.to) query = query.lt('occurred_at', filter.to);
  if (filter.unverified) query = query.eq('verified', false);
  const { data, error, count } = await query
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false })
    .range(page.offset, page.offset + page.size - 1);
  if (error) throw new Error(error.message);
  return {
    rows: data.map((row) => ({
      id: row.id,
      terminalId: row.terminal_id,
      staffId: row.staff_id,
      kind: decode(activityKind, row.kind, 'an activity event'),
      detail: detailSchema.parse(row.detail),
      occurredAt: row.occurred_at,
      verified: row.verified,
    })),
    total: count ?? data.length,
  };
}

export type ReadActivity = (filter: ActivityFilter, page: PageRequest) => Promise<Page<ActivityEvent>>;

export function activityQuery(
  companyId: string,
  read: ReadActivity | null,
  filter: ActivityFilter,
  page: PageRequest,
) {
  return queryOptions({
    queryKey: ['activity', companyId, filter, page.offset, page.size] as const,
    queryFn: read ? () => read(filter, page) : skipToken,
    retry: false,
  });
}

/** How many unverified cashiers and approvals the server flagged in [from, to): the dashboard's count. */
export function unverifiedCountQuery(supabase: Supabase, companyId: string, from: string, to: string) {
  return queryOptions({
    queryKey: ['activity', companyId, 'unverified', from, to] as const,
    queryFn: async (): Promise<number> => {
      const { count, error } = await supabase
        .from('activity_events')
        .select('id', { count: 'exact', head: true })
        .eq('company_id', companyId)
        .eq('verified', false)
        .gte('occurred_at', from)
        .lt('occurred_at', to);
      if (error) throw new Error(error.message);
      return count ?? 0;
    },
    retry: false,
  });
}
