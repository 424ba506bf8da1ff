// The register's check before a sale on a shared till whose shop keeps a shift per cashier (issue 18,
// [HANDOVER-1]): a sale is never recorded on another cashier's open shift, even if the register's offer to
// hand it over was not taken; the cart stays until it is.
import { t } from '@lingui/core/macro';
import { shiftToHandOver } from '../../data/local/shift-handover';
import type { SharedTillDeps } from './shared-till-deps';

/** Why a sale cannot be completed now, or null when it can. */
export type SaleCheck = (shiftId: string | null) => Promise<string | null>;

export function handOverCheck(deps: SharedTillDeps): SaleCheck {
  return async (shiftId) => {
    const { shared, who } = deps.session.get();
    if (!shared || who === null || shiftId === null) return null;
    const { ledger } = deps.commandDeps;
    const other = await shiftToHandOver({ ledger, mirror: deps.mirror, companyId: deps.companyId }, who.id);
    if (other?.shift.id !== shiftId) return null;
    const cashier = other.cashierName;
    return t`The open shift is ${cashier}'s. Press 'Hand over shift' to count and close it and open yours, then complete the sale. The sale stays in the cart.`;
  };
}
