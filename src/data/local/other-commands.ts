// Runners for the ops besides sales: customer.upsert, stock.move, shift.open, shift.close, cash.move. Each
// checks its argument (src/domain), then writes its ledger rows and its outbox op in one transaction.
import { parseCashMove } from '../../domain/cash-move';
import { parseCustomerUpsert, type CustomerUpsertArgs } from '../../domain/customer-upsert';
import { err, ok, type Result } from '../../domain/result';
import { parseShiftClose, parseShiftOpen } from '../../domain/shift-ops';
import { parseStockMove, stockMoveDelta } from '../../domain/stock-move';
import { CommandRefused, type CommandDeps } from './command-deps';
import type { LedgerCustomer, LedgerShift, LedgerStockMovement } from './ledger-types';
import { enqueueOp } from './outbox';

async function run<T>(deps: CommandDeps, tables: string[], work: () => Promise<T>): Promise<Result<T>> {
  try {
    const value = await deps.ledger.transaction('rw', ['meta', 'outbox', ...tables], work);
    deps.onWrite?.();
    return ok(value);
  } catch (error) {
    if (error instanceof CommandRefused) return err(error.code, error.message);
    throw error;
  }
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new CommandRefused(result.error.code, result.error.message);
  return result.value;
}

/**
 * [CMD-CUST] Records a new customer or a change to one. `current` is the customer as the till shows it
 * (mirror or ledger), null for a new one; the op carries only the fields given ([CUST-1]).
 */
export function upsertCustomer(
  deps: CommandDeps,
  input: {
    args: Omit<CustomerUpsertArgs, 'id'> & { id?: string };
    current: Omit<LedgerCustomer, 'op_id' | 'sync' | 'error' | 'updated_at'> | null;
  },
): Promise<Result<LedgerCustomer>> {
  return run(deps, ['customers'], async () => {
    const args = must(
      parseCustomerUpsert(
        { ...input.args, id: input.args.id ?? deps.ids() },
        { isNew: input.current === null },
      ),
    );
    const op = await enqueueOp(
      deps.ledger,
      {
        name: 'customer.upsert',
        args,
        company_id: args.company_id,
        terminal_id: null,
        entity: { table: 'customers', id: args.id },
      },
      deps,
    );
    const base = (await deps.ledger.customers.get(args.id)) ?? input.current;
    const row: LedgerCustomer = {
      id: args.id,
      company_id: args.company_id,
      name: args.name ?? base?.name ?? '',
      email: args.email !== undefined ? args.email : (base?.email ?? null),
      phone: args.phone !== undefined ? args.phone : (base?.phone ?? null),
      note: args.note !== undefined ? args.note : (base?.note ?? null),
      updated_at: deps.clock().toISOString(),
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await deps.ledger.customers.put(row);
    return row;
  });
}

/** [CMD-STOCK] A manager's stock movement (receive, waste, adjust, count, transfer) and its local delta(s). */
export function moveStock(
  deps: CommandDeps,
  input: { companyId: string; args: Record<string, unknown> },
): Promise<Result<LedgerStockMovement>> {
  return run(deps, ['stockMovements'], async () => {
    const args = must(parseStockMove(input.args));
    const op = await enqueueOp(
      deps.ledger,
      {
        name: 'stock.move',
        args,
        company_id: input.companyId,
        terminal_id: args.terminal_id ?? null,
        entity: { table: 'stockMovements', id: args.id },
      },
      deps,
    );
    const row: LedgerStockMovement = {
      id: args.id,
      company_id: input.companyId,
      store_id: args.store_id,
      product_id: args.product_id,
      delta: stockMoveDelta(args),
      reason: args.reason,
      occurred_at: args.occurred_at,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
      txid: null,
      settled: 0,
    };
    await deps.ledger.stockMovements.add(row);
    if (args.reason === 'transfer') {
      await deps.ledger.stockMovements.add({
        ...row,
        id: `${args.id}:in`,
        store_id: args.to_store_id,
        delta: -row.delta,
      });
    }
    return row;
  });
}

/** [CMD-SHIFT] Opens a drawer session on this company's terminal. */
export function openShift(
  deps: CommandDeps,
  input: { companyId: string; openingFloat: number; cashierId: string | null },
): Promise<Result<LedgerShift>> {
  return run(deps, ['terminals', 'shifts'], async () => {
    const terminal = await deps.ledger.terminals.get(input.companyId);
    if (!terminal) throw new CommandRefused('no_terminal', 'Set this till up first (Settings → Terminal).');
    const open = await deps.ledger.shifts
      .where('terminal_id')
      .equals(terminal.id)
      .filter((s) => s.closed_at === null)
      .count();
    if (open > 0) throw new CommandRefused('shift_already_open', 'This till already has an open shift.');
    const args = must(
      parseShiftOpen({
        id: deps.ids(),
        terminal_id: terminal.id,
        opened_at: deps.clock().toISOString(),
        opening_float: input.openingFloat,
        cashier_id: input.cashierId,
      }),
    );
    const op = await enqueueOp(
      deps.ledger,
      {
        name: 'shift.open',
        args,
        company_id: input.companyId,
        terminal_id: terminal.id,
        entity: { table: 'shifts', id: args.id },
      },
      deps,
    );
    const row: LedgerShift = {
      id: args.id,
      company_id: input.companyId,
      terminal_id: terminal.id,
      cashier_id: args.cashier_id ?? null,
      opened_at: args.opened_at,
      opening_float: args.opening_float,
      closed_at: null,
      counted_cash: null,
      note: null,
      result: null,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await deps.ledger.shifts.add(row);
    return row;
  });
}

/** [CMD-SHIFT] Closes an open shift with the cash counted; the server answers expected cash ([SHIFT-3]). */
export function closeShift(
  deps: CommandDeps,
  input: { shiftId: string; countedCash: number; note: string | null; approvedBy?: string | null },
): Promise<Result<LedgerShift>> {
  return run(deps, ['shifts'], async () => {
    const shift = await deps.ledger.shifts.get(input.shiftId);
    if (!shift) throw new CommandRefused('unknown_shift', 'This shift is not on this till.');
    if (shift.closed_at !== null) throw new CommandRefused('shift_closed', 'This shift is already closed.');
    const args = must(
      parseShiftClose(
        {
          id: shift.id,
          terminal_id: shift.terminal_id,
          closed_at: deps.clock().toISOString(),
          counted_cash: input.countedCash,
          note: input.note,
          // [SHIFT-7] A manager signed in on this till approved a difference over the company's limit.
          ...(input.approvedBy ? { approved_by: input.approvedBy } : {}),
        },
        shift.opened_at,
      ),
    );
    const op = await enqueueOp(
      deps.ledger,
      {
        name: 'shift.close',
        args,
        company_id: shift.company_id,
        terminal_id: shift.terminal_id,
        entity: { table: 'shifts', id: shift.id },
      },
      deps,
    );
    const row: LedgerShift = {
      ...shift,
      closed_at: args.closed_at,
      counted_cash: args.counted_cash,
      note: args.note ?? null,
      approved_by: args.approved_by ?? null,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await deps.ledger.shifts.put(row);
    return row;
  });
}

/** [CMD-CASH] A pay-in or pay-out of an open shift. */
export function moveCash(
  deps: CommandDeps,
  input: { shiftId: string; kind: 'pay_in' | 'pay_out'; amount: number; reason: string | null },
) {
  return run(deps, ['shifts', 'cashMovements'], async () => {
    const shift = await deps.ledger.shifts.get(input.shiftId);
    if (shift?.closed_at !== null) throw new CommandRefused('shift_closed', 'Open a shift first.');
    const args = must(
      parseCashMove({
        id: deps.ids(),
        terminal_id: shift.terminal_id,
        shift_id: shift.id,
        kind: input.kind,
        amount: input.amount,
        reason: input.reason,
        occurred_at: deps.clock().toISOString(),
      }),
    );
    const op = await enqueueOp(
      deps.ledger,
      {
        name: 'cash.move',
        args,
        company_id: shift.company_id,
        terminal_id: shift.terminal_id,
        entity: { table: 'cashMovements', id: args.id },
      },
      deps,
    );
    const row = {
      ...args,
      company_id: shift.company_id,
      reason: args.reason ?? null,
      op_id: op.op_id,
      sync: 'pending' as const,
      error: null,
    };
    await deps.ledger.cashMovements.add(row);
    return row;
  });
}
