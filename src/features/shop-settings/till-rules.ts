// The shared till's shop settings as typed (issue 18): how shifts are kept, when a till locks, and which
// actions need a manager's PIN. Checked here before anything is sent; the server checks them again.
import { t } from '@lingui/core/macro';
import type { TillRules } from '../../data/remote/shop-settings';
import { currencyExponent } from '../../domain/currency';
import { parseAmount, toDecimalString } from '../../domain/money-text';

export interface TillRulesDraft {
  shiftMode: TillRules['shiftMode'];
  lockAfterSale: boolean;
  lockIdleMinutes: string;
  approveRefund: boolean;
  /** A percentage, empty for "never". */
  approveDiscountOver: string;
  approvePriceOverride: boolean;
  approveLineRemoval: boolean;
  approveNoSale: boolean;
  /** An amount in the shop's currency, empty for "never". */
  approveShiftDifferenceOver: string;
  /** [STAFF-16] Managers' and owners' PINs must have 6 digits. */
  sixDigitApprovalPins: boolean;
}

/** The longest idle time a till waits before it locks: a day. */
const MAX_IDLE_MINUTES = 1440;

export function tillRulesDraft(rules: TillRules, currency: string): TillRulesDraft {
  const over = rules.approveShiftDifferenceOver;
  return {
    shiftMode: rules.shiftMode,
    lockAfterSale: rules.lockAfterSale,
    lockIdleMinutes: String(rules.lockIdleMinutes),
    approveRefund: rules.approveRefund,
    approveDiscountOver:
      rules.approveDiscountOverBp === null ? '' : String(rules.approveDiscountOverBp / 100),
    approvePriceOverride: rules.approvePriceOverride,
    approveLineRemoval: rules.approveLineRemoval,
    approveNoSale: rules.approveNoSale,
    approveShiftDifferenceOver: over === null ? '' : toDecimalString(over, currencyExponent(currency)),
    sixDigitApprovalPins: rules.approvalPinDigits === 6,
  };
}

/** The draft as the server's fields, or the first problem in words. */
export function checkTillRules(
  draft: TillRulesDraft,
  currency: string,
): { rules: TillRules } | { problem: string } {
  const idle = draft.lockIdleMinutes.trim();
  if (!/^\d{1,4}$/.test(idle) || Number(idle) > MAX_IDLE_MINUTES) {
    const max = MAX_IDLE_MINUTES;
    return { problem: t`Lock after idle minutes is a whole number from 0 (never) to ${max}.` };
  }
  const percent = draft.approveDiscountOver.trim();
  if (
    percent !== '' &&
    (!/^\d{1,3}([.,]\d{1,2})?$/.test(percent) || Number(percent.replace(',', '.')) > 100)
  ) {
    return { problem: t`The discount limit is a percentage from 0 to 100, like 10 or 12.5 (empty: never).` };
  }
  const amount = draft.approveShiftDifferenceOver.trim();
  const difference = amount === '' ? null : parseAmount(amount, currency);
  if (difference !== null && !difference.ok) {
    const problem = difference.error.message;
    return { problem: t`The shift difference limit: ${problem}` };
  }
  return {
    rules: {
      shiftMode: draft.shiftMode,
      lockAfterSale: draft.lockAfterSale,
      lockIdleMinutes: Number(idle),
      approveRefund: draft.approveRefund,
      approveDiscountOverBp: percent === '' ? null : Math.round(Number(percent.replace(',', '.')) * 100),
      approvePriceOverride: draft.approvePriceOverride,
      approveLineRemoval: draft.approveLineRemoval,
      approveNoSale: draft.approveNoSale,
      approveShiftDifferenceOver: difference === null ? null : difference.value,
      approvalPinDigits: draft.sixDigitApprovalPins ? 6 : 4,
    },
  };
}
