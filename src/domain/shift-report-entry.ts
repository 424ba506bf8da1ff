// Turns a recorded sale or refund — as the ledger keeps it or as `sales`, `sale_lines` and `payments` rows
// come back from the server — into the summary an X/Z report sums. The shapes are the server's column
// names, so the same function serves the till's own unsynced sales and the synced ones it pulls.
import type { Minor } from './money';
import type { RecordedSaleSummary } from './shift-report';
import { summarizeTax } from './tax';
import type { TenderMethod } from './tender';

export interface SaleRow {
  kind: 'sale' | 'refund';
  total: Minor;
  rounding?: Minor | null | undefined;
  discount_total?: Minor | null | undefined;
}

export interface SaleLineRow {
  tax_rate_bp: number;
  tax: Minor;
  total: Minor;
  discount?: Minor | null | undefined;
}

export interface PaymentRow {
  method: TenderMethod;
  amount: Minor;
  tendered?: Minor | null | undefined;
  change?: Minor | null | undefined;
  reference?: string | null | undefined;
}

/** [CASHUP-5] A recorded sale as a report entry: tax per rate from its lines, payments as recorded. */
export function reportEntry(
  sale: SaleRow,
  lines: readonly SaleLineRow[],
  payments: readonly PaymentRow[],
  synced: boolean,
): RecordedSaleSummary {
  return {
    kind: sale.kind,
    total: sale.total,
    rounding: sale.rounding ?? 0,
    discounts: sale.discount_total ?? lines.reduce((total, line) => total + (line.discount ?? 0), 0),
    taxSummary: summarizeTax(
      lines.map((line) => ({
        rate: line.tax_rate_bp,
        net: line.total - line.tax,
        tax: line.tax,
        gross: line.total,
      })),
    ),
    payments: payments.map((payment) => {
      const entry: RecordedSaleSummary['payments'][number] = {
        method: payment.method,
        amount: payment.amount,
        change: payment.change ?? 0,
      };
      if (payment.tendered !== undefined && payment.tendered !== null) entry.tendered = payment.tendered;
      // A reader payment's tender carries its PaymentIntent id: the report tells it from an external terminal's.
      if (payment.reference !== undefined && payment.reference !== null) entry.reference = payment.reference;
      return entry;
    }),
    synced,
  };
}
