// `account.payment` (supabase/SPEC.md [VAL-18]): a customer paying what they owe on account at the register. Not
// a sale (it is not revenue), but it takes a receipt number from this till's counter and its cash goes in the
// drawer, so the shift expects it ([VAL-34]). The ledger keeps it as a `payment` entry of the account until a
// pull reflects it.
import { z } from 'zod';
import { cashierFields, type CashierStamp } from '../../domain/cashier-stamp';
import { money, optionalText, receiptNo, time, uuid } from '../../domain/command-fields';
import type { Result } from '../../domain/result';
import type { CommandDeps } from '../local/command-deps';
import { CommandRefused } from '../local/command-deps';
import type { LedgerValueEntry } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { takeReceipt } from './sale-ledger';
import { pendingValueEntry } from './value-entry-row';
import { msg, t } from '@lingui/core/macro';

export const accountPaymentSchema = z
  .strictObject({
    id: uuid,
    terminal_id: uuid,
    shift_id: uuid.nullable().optional(),
    customer_id: uuid,
    amount: money.min(1, 'A payment is more than zero.'),
    method: z.enum(['cash', 'card', 'other']),
    tendered: money.nullable().optional(),
    change: money.nullable().optional(),
    reference: optionalText(200),
    receipt_no: receiptNo,
    occurred_at: time,
    ...cashierFields,
  })
  .refine(
    // [SALE-7] Only cash has tendered and change, and change = tendered − amount.
    (args) =>
      args.method === 'cash'
        ? (args.tendered ?? args.amount) - args.amount === (args.change ?? 0)
        : (args.tendered ?? args.amount) === args.amount && (args.change ?? 0) === 0,
    { message: 'Only cash has change, and it is what was tendered less the amount.', path: ['change'] },
  );

export type AccountPaymentArgs = z.infer<typeof accountPaymentSchema>;

export interface TakeAccountPaymentInput {
  companyId: string;
  customerId: string;
  /** The customer's `on_account` account, as the mirror or `customer_value` names it. */
  accountId: string;
  amount: number;
  method: 'cash' | 'card' | 'other';
  /** Cash handed over; the change is worked out. */
  tendered?: number | null;
  reference?: string | null;
  /** The shift the drawer belongs to; the till's open shift when not given. */
  shiftId?: string | null;
  id?: string;
  /** Who took it on a shared till, with their proof. */
  stamp?: CashierStamp;
}

export const accountPayment = defineOp({
  name: 'account.payment',
  schema: accountPaymentSchema,
  noun: 'account payment',
  entity: 'valueEntries',
  writes: ['terminals', 'shifts'],
  title: (args) => {
    const receipt = args.receipt_no;
    return t`Account payment ${receipt}`;
  },
  fallbackTitle: msg`Account payment`,
  async command(ctx, input: TakeAccountPaymentInput): Promise<LedgerValueEntry> {
    if (input.method === 'cash' && input.tendered != null && input.tendered < input.amount) {
      throw new CommandRefused('change_mismatch', t`Not enough cash was handed over for this payment.`);
    }
    const { terminal, receiptNo: receipt } = await takeReceipt(ctx, input.companyId);
    const shiftId =
      input.shiftId ??
      (
        await ctx.ledger.shifts
          .where('terminal_id')
          .equals(terminal.id)
          .filter((shift) => shift.closed_at === null)
          .first()
      )?.id ??
      null;
    const cash = input.method === 'cash';
    const args = ctx.parse({
      id: input.id ?? ctx.ids(),
      terminal_id: terminal.id,
      shift_id: shiftId,
      customer_id: input.customerId,
      amount: input.amount,
      method: input.method,
      ...(cash && input.tendered != null
        ? { tendered: input.tendered, change: input.tendered - input.amount }
        : {}),
      reference: input.reference ?? null,
      receipt_no: receipt,
      occurred_at: ctx.clock().toISOString(),
      ...input.stamp,
    });
    const op = await ctx.enqueue(args, {
      companyId: input.companyId,
      terminalId: terminal.id,
      entityId: args.id,
    });
    const row = pendingValueEntry(
      {
        id: args.id,
        company_id: input.companyId,
        account_id: input.accountId,
        kind: 'payment',
        delta: args.amount,
        terminal_id: terminal.id,
        shift_id: shiftId,
        tender_method: args.method,
        occurred_at: args.occurred_at,
      },
      op.op_id,
    );
    await ctx.ledger.valueEntries.add(row);
    return row;
  },
});

/** [VAL-18] Records a customer's payment on account. */
export function takeAccountPayment(
  deps: CommandDeps,
  input: TakeAccountPaymentInput,
): Promise<Result<LedgerValueEntry>> {
  return runCommand(deps, accountPayment, input);
}
