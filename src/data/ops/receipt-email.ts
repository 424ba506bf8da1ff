// `receipt.email` (supabase/SPEC.md §14, [RCPT-15]): a receipt to mail, queued like any op so it waits for the
// sale to reach the server (offline for days if need be). The server records the request with a hash of the
// address; the till keeps the address until the mail went ([RCPT-16], receipt-mailer.ts).
import { i18n } from '@lingui/core';
import { BAD_EMAIL, isEmailAddress, normalEmailAddress, receiptEmailSchema } from '../../domain/receipt-link';
import type { Result } from '../../domain/result';
import { CommandRefused, type CommandDeps } from '../local/command-deps';
import type { LedgerReceiptEmail } from '../local/ledger-types';
import { defineOp, runCommand } from './define-op';
import { msg, t } from '@lingui/core/macro';

export interface EmailReceiptInput {
  saleId: string;
  email: string;
}

export const receiptEmail = defineOp({
  name: 'receipt.email',
  schema: receiptEmailSchema,
  noun: 'receipt mail',
  entity: 'receiptEmails',
  writes: ['sales'],
  title: (args) => {
    const email = args.email;
    return t`Receipt by mail to ${email}`;
  },
  fallbackTitle: msg`Receipt by mail`,
  async command(ctx, input: EmailReceiptInput): Promise<LedgerReceiptEmail> {
    const email = normalEmailAddress(input.email);
    // A bad address is said before anything is queued.
    if (!isEmailAddress(email)) throw new CommandRefused('invalid_email', i18n._(BAD_EMAIL));
    const sale = await ctx.ledger.sales.get(input.saleId);
    if (!sale) throw new CommandRefused('unknown_sale', t`This sale is not on this device.`);
    const args = ctx.parse({ id: ctx.ids(), terminal_id: sale.terminal_id, sale_id: sale.id, email });
    const op = await ctx.enqueue(args, {
      companyId: sale.company_id,
      terminalId: sale.terminal_id,
      entityId: args.id,
    });
    const row: LedgerReceiptEmail = {
      id: args.id,
      company_id: sale.company_id,
      sale_id: sale.id,
      email,
      created_at: ctx.clock().toISOString(),
      sent_at: null,
      send_error: null,
      op_id: op.op_id,
      sync: 'pending',
      error: null,
    };
    await ctx.ledger.receiptEmails.add(row);
    return row;
  },
});

/** [RCPT-15] Queues the receipt of a sale recorded on this device to be mailed. */
export function emailReceipt(
  deps: CommandDeps,
  input: EmailReceiptInput,
): Promise<Result<LedgerReceiptEmail>> {
  return runCommand(deps, receiptEmail, input);
}
