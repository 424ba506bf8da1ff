// Receipt numbers: `<terminal code>-<counter>` (T1-000042). Each terminal numbers its own receipts from
// its own counter, so two tills offline can never hand out the same number (the shared-counter bug of
// other tills). The shapes match the server's checks on terminals.code and sales.receipt_no.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { err, ok, type Result } from './result';

/** T1 … T999999: the short code a company gives each registered terminal. */
const terminalCodePattern = /^T[1-9][0-9]{0,5}$/;
const receiptPattern = /^(T[1-9][0-9]{0,5})-([0-9]{6,9})$/;
export const MAX_RECEIPT_COUNTER = 999_999_999;

export interface ReceiptNumber {
  terminalCode: string;
  counter: number;
}

export function isTerminalCode(code: string): boolean {
  return terminalCodePattern.test(code);
}

/**
 * [RCPT-1] Formats a receipt number: the terminal code, a dash, the counter padded to six digits. A counter
 * past 999 999 simply grows a digit (up to nine), so numbers never wrap and never repeat.
 */
export function formatReceiptNumber(terminalCode: string, counter: number): string {
  if (!isTerminalCode(terminalCode)) {
    throw new RangeError(`"${terminalCode}" is not a terminal code (T1, T2, …).`);
  }
  if (!Number.isSafeInteger(counter) || counter < 1 || counter > MAX_RECEIPT_COUNTER) {
    throw new RangeError(`A receipt counter runs from 1 to ${MAX_RECEIPT_COUNTER}, got ${counter}.`);
  }
  return `${terminalCode}-${String(counter).padStart(6, '0')}`;
}

/**
 * [RCPT-2] Reads a receipt number as a cashier may type it when looking a sale up: case and surrounding
 * spaces do not matter, and a short counter is padded ("t1-42" → T1-000042).
 */
export function parseReceiptNumber(
  text: string,
): Result<ReceiptNumber & { text: string }, 'not_a_receipt_number'> {
  const match = /^(T[1-9][0-9]{0,5})-([0-9]{1,9})$/.exec(text.trim().toUpperCase());
  const counter = Number(match?.[2]);
  if (match?.[1] === undefined || counter < 1) {
    const typed = text.trim();
    return err('not_a_receipt_number', i18n._(msg`"${typed}" is not a receipt number like T1-000042.`));
  }
  return ok({ terminalCode: match[1], counter, text: formatReceiptNumber(match[1], counter) });
}

export function isReceiptNumber(text: string): boolean {
  return receiptPattern.test(text);
}

/**
 * [RCPT-3] Takes the next number from a terminal's counter (the last number it handed out; 0 before the
 * first sale). The ledger stores the new counter in the same transaction as the sale.
 */
export function nextReceiptNumber(
  terminalCode: string,
  lastCounter: number,
): ReceiptNumber & { text: string } {
  const counter = lastCounter + 1;
  return { terminalCode, counter, text: formatReceiptNumber(terminalCode, counter) };
}
