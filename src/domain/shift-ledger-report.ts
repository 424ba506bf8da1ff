// The X/Z report of one shift from this device's own rows (the ledger keeps sales, lines, payments and cash
// movements in the server's column shapes), and which of the shift's figures have not reached the server
// yet: the till prints its report offline, so it must say what the server does not know.
import type { Minor } from './money';
import type { CashDifference } from './shift';
import { shiftReport, type AccountPaymentSummary, type CashMovement, type ShiftReport } from './shift-report';
import { reportEntry, type PaymentRow, type SaleLineRow, type SaleRow } from './shift-report-entry';

export interface ShiftSaleRow extends SaleRow {
  id: string;
  shift_id: string | null;
  synced: boolean;
}

export interface ShiftRows {
  shift: { id: string; opening_float: Minor };
  sales: readonly ShiftSaleRow[];
  /** A refund line whose original this device never saw has no rate: it is summed under rate 0. */
  lines: readonly (Omit<SaleLineRow, 'tax_rate_bp'> & { sale_id: string; tax_rate_bp: number | null })[];
  payments: readonly (PaymentRow & { sale_id: string })[];
  movements: readonly (CashMovement & { shift_id: string })[];
  /**
   * [VAL-34] This device's customer value entries of the shift (the ledger's `valueEntries`): its `payment`
   * ones are the account payments taken at this till.
   */
  valueEntries?: readonly {
    shift_id: string | null;
    kind: string;
    delta: Minor;
    tender_method: string | null;
  }[];
  /** Every op still in this device's outbox (any shift's): the report picks its own. */
  outbox: readonly { name: string; args: Record<string, unknown> }[];
}

/** How many of a shift's ops are still on this device, by what they carry. */
export interface PendingShiftOps {
  total: number;
  sales: number;
  refunds: number;
  cashMoves: number;
  /** [VAL-34] Account payments taken in the shift. */
  accountPayments: number;
  /** The shift's own opening or closing. */
  shift: number;
}

export interface LedgerShiftReport extends ShiftReport {
  pending: PendingShiftOps;
}

/**
 * [CASHUP-7] An op belongs to a shift when it opens or closes it (`args.id`) or carries its `shift_id`
 * (a sale, a refund, a pay-in or pay-out).
 */
export function pendingShiftOps(
  outbox: readonly { name: string; args: Record<string, unknown> }[],
  shiftId: string,
): PendingShiftOps {
  const pending: PendingShiftOps = {
    total: 0,
    sales: 0,
    refunds: 0,
    cashMoves: 0,
    accountPayments: 0,
    shift: 0,
  };
  for (const op of outbox) {
    const own = op.name === 'shift.open' || op.name === 'shift.close';
    if (own ? op.args.id !== shiftId : op.args.shift_id !== shiftId) continue;
    pending.total += 1;
    if (own) pending.shift += 1;
    else if (op.name === 'sale.record') pending.sales += 1;
    else if (op.name === 'sale.refund') pending.refunds += 1;
    else if (op.name === 'cash.move') pending.cashMoves += 1;
    else if (op.name === 'account.payment') pending.accountPayments += 1;
  }
  return pending;
}

const ACCOUNT_METHODS = new Set<string>(['cash', 'card', 'other']);

/** [VAL-34] The shift's account payments: its `payment` entries, as the server sums them for SHIFT-4. */
function accountPaymentsOf(rows: ShiftRows, shiftId: string): AccountPaymentSummary[] {
  return (rows.valueEntries ?? [])
    .filter((entry) => entry.shift_id === shiftId && entry.kind === 'payment')
    .map((entry) => ({
      // An account payment is only ever cash, card or other ([VAL-18]); anything else is not cash.
      method: ACCOUNT_METHODS.has(entry.tender_method ?? '')
        ? (entry.tender_method as AccountPaymentSummary['method'])
        : 'other',
      amount: entry.delta,
    }));
}

/**
 * [CASHUP-6] The report of a shift from the device's rows: only rows of this shift count, each sale with
 * its own lines and payments (joined by `sale_id`), each movement once; `counted` makes it a Z report.
 * [VAL-34] The shift's account payments count too, their cash in the expected cash as the server's.
 */
export function shiftReportOfRows(
  rows: ShiftRows,
  options: { kind: 'X' | 'Z'; counted?: Minor; allowedDifference: Minor },
): LedgerShiftReport {
  const shiftId = rows.shift.id;
  const sales = rows.sales.filter((sale) => sale.shift_id === shiftId);
  const entries = sales.map((sale) =>
    reportEntry(
      sale,
      rows.lines
        .filter((line) => line.sale_id === sale.id)
        .map((line) => ({ ...line, tax_rate_bp: line.tax_rate_bp ?? 0 })),
      rows.payments.filter((payment) => payment.sale_id === sale.id),
      sale.synced,
    ),
  );
  const report = shiftReport({
    kind: options.kind,
    openingFloat: rows.shift.opening_float,
    sales: entries,
    movements: rows.movements.filter((move) => move.shift_id === shiftId),
    accountPayments: accountPaymentsOf(rows, shiftId),
    ...(options.counted === undefined ? {} : { counted: options.counted }),
    allowedDifference: options.allowedDifference,
  });
  return { ...report, pending: pendingShiftOps(rows.outbox, shiftId) };
}

export type CloseApproval =
  { status: 'not_needed' } | { status: 'approved'; by: string } | { status: 'pending' };

/**
 * [CASHUP-8] Approval at close: a difference within the company's limit needs none; over it, a manager or
 * owner closing the shift approves it themselves; a cashier's close is left for a manager to approve later.
 */
export function approvalAtClose(
  difference: CashDifference,
  closer: { userId: string | null; role: 'owner' | 'manager' | 'cashier' },
): CloseApproval {
  if (!difference.needsApproval) return { status: 'not_needed' };
  if (closer.role !== 'cashier' && closer.userId !== null) return { status: 'approved', by: closer.userId };
  return { status: 'pending' };
}
