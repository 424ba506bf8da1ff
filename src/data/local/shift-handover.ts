// Whose open shift the person at a shared till's counter would be selling on (issue 18, [HANDOVER-1]): with
// shifts by cashier, this till's open shift when it is someone else's, with their name from the staff list.
// Read inside Dexie's liveQuery by the register's handover offer, and once by its check before a sale.
import { needsHandOver, sharedTillRulesOf } from '../../domain/shared-till-rules';
import type { LedgerDb } from './ledger-db';
import { openShiftOf } from './ledger-reads';
import type { LedgerShift } from './ledger-types';
import type { MirrorDb } from './mirror-db';
import { companySettings } from './mirror-reads';
import { terminalFor } from './terminal';
import { t } from '@lingui/core/macro';

/** Another cashier's open shift, to be handed over before the person at the counter sells. */
export interface ShiftToHandOver {
  shift: LedgerShift;
  /** The shift's cashier as the staff list names them. */
  cashierName: string;
  terminalName: string;
}

/** This till's open shift when it is another cashier's and the shop keeps a shift per cashier; else null. */
export async function shiftToHandOver(
  sources: { ledger: LedgerDb; mirror: MirrorDb; companyId: string },
  atCounterId: string,
): Promise<ShiftToHandOver | null> {
  const { ledger, mirror, companyId } = sources;
  const [terminal, company] = await Promise.all([
    terminalFor(ledger, companyId),
    companySettings(mirror, companyId),
  ]);
  const shift = terminal ? await openShiftOf(ledger, terminal.id) : null;
  if (
    !terminal ||
    !shift ||
    !needsHandOver(sharedTillRulesOf(company).shiftMode, shift.cashier_id, atCounterId)
  ) {
    return null;
  }
  const cashier = shift.cashier_id ? await mirror.staff.get(shift.cashier_id) : undefined;
  return { shift, cashierName: cashier?.name ?? t`another cashier`, terminalName: terminal.name };
}
