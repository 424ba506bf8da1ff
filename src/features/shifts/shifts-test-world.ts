// A till for the shifts screen's tests: a fresh ledger with a registered terminal, command deps with pinned
// ids and a clock that moves, a fake server history, and sales rung up into a shift the way the register
// records them (cash with change, or card).
import { fixedClock } from '../../domain/clock';
import { pinnedIds } from '../../domain/ids';
import { ok } from '../../domain/result';
import type { CommandDeps } from '../../data/local/command-deps';
import { LedgerDb } from '../../data/local/ledger-db';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import { recordSale } from '../../data/ops/sale-record';
import type { MemberRole } from '../../data/remote/memberships';
import type { ServerShift } from '../../data/remote/shift-history';
import type { ShiftsDeps } from './shifts-deps';

export const COMPANY = 'd1000000-0000-4000-8000-00000000000a';
export const USER = 'd0000000-0000-4000-8000-000000000003';

/** Another till's closed shift, short, as the server's history lists it. */
export const SERVER_SHIFT: ServerShift = {
  id: 'server-shift-1',
  terminal_id: 'other-till',
  terminal_code: 'T2',
  cashier_id: 'someone',
  cashier_name: 'Cass Cashier',
  opened_at: '2026-11-20T08:00:00Z',
  closed_at: '2026-11-20T18:00:00Z',
  closed_by: 'someone',
  closed_by_name: 'Cass Cashier',
  opening_float: 10_000,
  counted_cash: 9_000,
  expected_cash: 10_000,
  needs_approval: true,
  approved_by: null,
  note: 'A €10 note went to the baker',
};

export async function shiftsWorld(
  options: { role?: MemberRole; limit?: number; server?: ServerShift[]; requireOpenShift?: boolean } = {},
) {
  const ledger = new LedgerDb(`ledger-${crypto.randomUUID()}`);
  const commandDeps: CommandDeps = {
    ledger,
    ids: pinnedIds(Date.parse('2026-11-21T08:00:00Z')),
    clock: fixedClock('2026-11-21T08:00:00Z'),
  };
  const terminal: TerminalIdentity = {
    company_id: COMPANY,
    id: crypto.randomUUID(),
    code: 'T7',
    name: 'Counter',
    store_id: 'd2000000-0000-4000-8000-000000000001',
    receipt_counter: 0,
    registered_at: '2026-11-21T07:00:00Z',
  };
  await ledger.terminals.put(terminal);
  const approved: string[] = [];
  const saved: { requireOpenShift: boolean; cashDifferenceLimit: number }[] = [];
  const deps: ShiftsDeps = {
    commandDeps,
    companyId: COMPANY,
    userId: USER,
    role: options.role ?? 'cashier',
    settings: {
      requireOpenShift: options.requireOpenShift ?? true,
      cashDifferenceLimit: options.limit ?? 500,
      currency: 'EUR',
    },
    history: {
      list: () => Promise.resolve(options.server ?? []),
      approve: (shiftId) => {
        approved.push(shiftId);
        return Promise.resolve();
      },
      saveSettings: (settings) => {
        saved.push(settings);
        return Promise.resolve();
      },
    },
  };
  return { ledger, commandDeps, terminal, deps, approved, saved };
}

/** One line at `total` incl. 20 % tax, paid in cash (with `tendered`) or by card, in shift `shiftId`. */
export async function sell(
  commandDeps: CommandDeps,
  shiftId: string | null,
  total: number,
  payment: { method: 'cash'; tendered: number } | { method: 'card'; reference?: string },
) {
  const { ids } = commandDeps;
  const tax = Math.round((total * 2000) / 12000);
  const result = await recordSale(commandDeps, {
    companyId: COMPANY,
    tracksStock: () => false,
    build: (receiptNo, till) =>
      ok({
        id: ids(),
        terminal_id: till.id,
        shift_id: shiftId,
        receipt_no: receiptNo,
        occurred_at: '2026-11-21T09:00:00.000Z',
        tax_total: tax,
        total,
        lines: [
          {
            id: ids(),
            product_id: null,
            name: 'Croissant',
            quantity: 1,
            unit_price: total,
            tax_rate_bp: 2000,
            tax,
            total,
          },
        ],
        payments: [
          payment.method === 'cash'
            ? {
                id: ids(),
                method: 'cash',
                amount: total,
                tendered: payment.tendered,
                change: payment.tendered - total,
              }
            : {
                id: ids(),
                method: 'card',
                amount: total,
                ...(payment.reference ? { reference: payment.reference } : {}),
              },
        ],
      }),
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
