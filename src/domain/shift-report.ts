// X and Z reports: the totals of a shift, from its recorded sales and refunds and its cash movements.
// An X report is read mid-shift and changes nothing; a Z report is the one taken at close, with the
// counted cash. Both say how many of their sales have not synced yet, so nobody mistakes a till's
// figures for the server's.
import { isUnverifiedCard } from './card-tender';
import { sum, type Minor } from './money';
import { cashDifference, expectedCash, type CashDifference, type CashFlow } from './shift';
import { combineTaxSummaries, type TaxSummaryRow } from './tax';
import { TENDER_METHODS, type Payment, type TenderMethod } from './tender';

export interface RecordedSaleSummary {
  kind: 'sale' | 'refund';
  /** The sale's total as recorded: Σ line totals + rounding, what was paid (supabase SALE-1). */
  total: Minor;
  rounding: Minor;
  discounts: Minor;
  taxSummary: readonly TaxSummaryRow[];
  payments: readonly Payment[];
  synced: boolean;
}

export interface CashMovement {
  kind: 'pay_in' | 'pay_out';
  amount: Minor;
}

/** [VAL-34] A customer paying what they owe on account at the register (`account.payment`). */
export interface AccountPaymentSummary {
  method: 'cash' | 'card' | 'other';
  amount: Minor;
}

export interface ShiftReportInput {
  kind: 'X' | 'Z';
  openingFloat: Minor;
  sales: readonly RecordedSaleSummary[];
  movements: readonly CashMovement[];
  /** The shift's account payments: their own section, and their cash is expected in the drawer. */
  accountPayments?: readonly AccountPaymentSummary[];
  /** The counted cash: required for a Z report, optional for an X. */
  counted?: Minor;
  allowedDifference: Minor;
}

export interface TenderTotal {
  method: TenderMethod;
  sales: Minor;
  refunds: Minor;
  net: Minor;
}

export interface ShiftReport {
  kind: 'X' | 'Z';
  salesCount: number;
  refundsCount: number;
  /** Σ sale totals and Σ refund totals (as paid, cash rounding included), and the difference. */
  sales: Minor;
  refunds: Minor;
  net: Minor;
  /** Discounts given on sales, less the discounts refunds handed back. */
  discounts: Minor;
  rounding: Minor;
  taxByRate: TaxSummaryRow[];
  tenders: TenderTotal[];
  /**
   * [FLAGUI-5] Of the card taken on sales, what no reader payment stands behind (an external terminal's):
   * part of the card tender's total, shown apart because nothing the shop's server holds confirms it.
   */
  unverifiedCard: { count: number; amount: Minor };
  /** [VAL-34] Account payments: not takings (no sale, no tax), counted apart, by method. */
  accountPayments: { count: number; total: Minor; byMethod: AccountPaymentSummary[] };
  cash: CashFlow & { expected: Minor; counted?: Minor; difference?: CashDifference };
  unsynced: { sales: number; refunds: number };
}

// [VAL-34] Every method its own row: the four value tenders (gift card, store credit, points, on account)
// apart from cash and card, none of them cash.
const methods: readonly TenderMethod[] = TENDER_METHODS;
const accountMethods: readonly AccountPaymentSummary['method'][] = ['cash', 'card', 'other'];

function paymentsOf(sales: readonly RecordedSaleSummary[], method: TenderMethod) {
  return sales.flatMap((sale) => sale.payments.filter((payment) => payment.method === method));
}

/** [CASHUP-3] The X or Z report of a shift. Every figure is a plain sum, so the till and server agree. */
export function shiftReport(input: ShiftReportInput): ShiftReport {
  if (input.kind === 'Z' && input.counted === undefined) {
    throw new RangeError('A Z report closes the shift: it needs the counted cash.');
  }
  const sales = input.sales.filter((sale) => sale.kind === 'sale');
  const refunds = input.sales.filter((sale) => sale.kind === 'refund');
  const total = (list: readonly RecordedSaleSummary[], pick: (sale: RecordedSaleSummary) => Minor) =>
    sum(list.map(pick));

  const tenders = methods
    .map((method) => {
      const onSales = sum(paymentsOf(sales, method).map((payment) => payment.amount));
      const onRefunds = sum(paymentsOf(refunds, method).map((payment) => payment.amount));
      return { method, sales: onSales, refunds: onRefunds, net: onSales - onRefunds };
    })
    .filter((row) => row.sales !== 0 || row.refunds !== 0);

  const unverifiedCard = paymentsOf(sales, 'card').filter(isUnverifiedCard);
  const accountPayments = input.accountPayments ?? [];
  const accountByMethod = accountMethods
    .map((method) => ({
      method,
      amount: sum(accountPayments.filter((payment) => payment.method === method).map((p) => p.amount)),
    }))
    .filter((row) => row.amount !== 0);
  const saleCash = paymentsOf(sales, 'cash');
  const flow: CashFlow = {
    openingFloat: input.openingFloat,
    cashTendered: sum(saleCash.map((payment) => payment.tendered ?? payment.amount)),
    changeGiven: sum(saleCash.map((payment) => payment.change)),
    cashRefunds: sum(paymentsOf(refunds, 'cash').map((payment) => payment.amount)),
    payIns: sum(input.movements.filter((move) => move.kind === 'pay_in').map((move) => move.amount)),
    payOuts: sum(input.movements.filter((move) => move.kind === 'pay_out').map((move) => move.amount)),
    accountPayments: accountByMethod.find((row) => row.method === 'cash')?.amount ?? 0,
  };
  const expected = expectedCash(flow);
  const cash: ShiftReport['cash'] = { ...flow, expected };
  if (input.counted !== undefined) {
    cash.counted = input.counted;
    cash.difference = cashDifference(input.counted, expected, input.allowedDifference);
  }

  const salesTotal = total(sales, (sale) => sale.total);
  const refundsTotal = total(refunds, (sale) => sale.total);
  return {
    kind: input.kind,
    salesCount: sales.length,
    refundsCount: refunds.length,
    sales: salesTotal,
    refunds: refundsTotal,
    net: salesTotal - refundsTotal,
    discounts: total(sales, (sale) => sale.discounts) - total(refunds, (sale) => sale.discounts),
    rounding: total(sales, (sale) => sale.rounding) - total(refunds, (sale) => sale.rounding),
    taxByRate: combineTaxSummaries([
      ...sales.map((sale) => ({ rows: sale.taxSummary, sign: 1 as const })),
      ...refunds.map((sale) => ({ rows: sale.taxSummary, sign: -1 as const })),
    ]),
    tenders,
    unverifiedCard: {
      count: unverifiedCard.length,
      amount: sum(unverifiedCard.map((payment) => payment.amount)),
    },
    accountPayments: {
      count: accountPayments.length,
      total: sum(accountPayments.map((payment) => payment.amount)),
      byMethod: accountByMethod,
    },
    cash,
    unsynced: {
      sales: sales.filter((sale) => !sale.synced).length,
      refunds: refunds.filter((sale) => !sale.synced).length,
    },
  };
}
