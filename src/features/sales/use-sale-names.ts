// The names a sale is shown with, from this user's mirror: tills as "Counter (T7)", cashiers by their staff name
// (issue 18: PIN-only staff sell too), or a member's display name while the staff table has not been pulled.
// Shared by the list (its filters and columns) and a sale's own page.
import { useCallback } from 'react';
import { companyRows } from '../../data/local/mirror-reads';
import { readyValue, useLiveQuery } from '../../ui/use-live-query';
import type { SalesDeps } from './sales-deps';

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback;

export interface NameOption {
  value: string;
  label: string;
}

export function useSaleNames(deps: Pick<SalesDeps, 'mirror' | 'companyId'>) {
  const readNames = useCallback(async () => {
    const [terminals, members, staff] = await Promise.all([
      companyRows(deps.mirror, 'terminals', deps.companyId),
      deps.mirror.companyMembers.where('company_id').equals(deps.companyId).toArray(),
      deps.mirror.staff.where('company_id').equals(deps.companyId).toArray(),
    ]);
    const cashiers = new Map<string, string>(members.map((row) => [row.user_id, row.display_name]));
    for (const row of staff) cashiers.set(row.id, row.name);
    return {
      terminals: terminals.map((row): NameOption => ({
        value: row.id,
        label: `${text(row.name, 'Till')} (${text(row.code, '?')})`,
      })),
      cashiers: [...cashiers].map(([value, label]): NameOption => ({ value, label })),
    };
  }, [deps.mirror, deps.companyId]);
  const names = readyValue(useLiveQuery(readNames));
  return {
    terminals: names?.terminals ?? [],
    cashiers: names?.cashiers ?? [],
    terminalName: (id: string) => names?.terminals.find((row) => row.value === id)?.label ?? '—',
    cashierName: (id: string | null) => names?.cashiers.find((row) => row.value === id)?.label ?? '—',
  };
}
