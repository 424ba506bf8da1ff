// Shift history for managers (supabase/SPEC.md §3.5): the server's `shifts` rows read through supabase-js
// (RLS: members of the company), with their terminal's code and the cashier's display name, and a manager's
// later approval of a close over the company's cash difference limit ([SHIFT-8]).
import { queryOptions } from '@tanstack/react-query';
import type { Supabase } from './supabase-client';

export interface ServerShift {
  id: string;
  terminal_id: string;
  terminal_code: string | null;
  cashier_id: string;
  cashier_name: string | null;
  opened_at: string;
  closed_at: string | null;
  opening_float: number;
  counted_cash: number | null;
  expected_cash: number | null;
  needs_approval: boolean;
  approved_by: string | null;
  /** Who counted the drawer and closed the shift, and their closing note. */
  closed_by: string | null;
  closed_by_name: string | null;
  note: string | null;
}

/** The company's latest shifts, newest first (the screen's React Query calls this; it needs the network). */
export async function fetchShiftHistory(
  supabase: Supabase,
  companyId: string,
  limit = 100,
): Promise<ServerShift[]> {
  const [shifts, members] = await Promise.all([
    supabase
      .from('shifts')
      .select(
        'id, terminal_id, cashier_id, opened_at, closed_at, closed_by, opening_float, counted_cash, expected_cash, needs_approval, approved_by, note, terminals(code)',
      )
      .eq('company_id', companyId)
      .order('opened_at', { ascending: false })
      .limit(limit),
    supabase.from('company_members').select('user_id, display_name').eq('company_id', companyId),
  ]);
  if (shifts.error) throw new Error(shifts.error.message);
  const names = new Map((members.data ?? []).map((member) => [member.user_id, member.display_name]));
  return shifts.data.map(({ terminals, ...row }) => ({
    ...row,
    terminal_code: terminals.code,
    cashier_name: names.get(row.cashier_id) ?? null,
    closed_by_name: row.closed_by === null ? null : (names.get(row.closed_by) ?? null),
  }));
}

/** [SHIFT-8] A manager approves a closed shift's cash difference. */
export async function approveShift(supabase: Supabase, shiftId: string): Promise<void> {
  const { error } = await supabase.rpc('approve_shift', { p_shift: shiftId });
  if (error) throw new Error(error.message);
}

/** Owners change the two shift settings of their company ([SHIFT-6]). */
export async function saveShiftSettings(
  supabase: Supabase,
  companyId: string,
  settings: { requireOpenShift: boolean; cashDifferenceLimit: number },
): Promise<void> {
  const { error } = await supabase
    .from('companies')
    .update({
      require_open_shift: settings.requireOpenShift,
      cash_difference_limit: settings.cashDifferenceLimit,
    })
    .eq('id', companyId);
  if (error) throw new Error(error.message);
}

/**
 * One key and one read for the company's shift history: the /dashboard/shifts loader starts it and the
 * screen shows it (`read` is fetchShiftHistory bound by the route; tests pass fakes).
 */
export function shiftHistoryQuery(companyId: string, read: () => Promise<ServerShift[]>) {
  return queryOptions({
    queryKey: ['shift-history', companyId] as const,
    queryFn: read,
    retry: false,
  });
}
