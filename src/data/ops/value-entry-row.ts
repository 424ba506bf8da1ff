// [VAL-32] A customer value entry this device just wrote: pending until its op is answered, unsettled until a
// pull of the balances reflects it (as a stock delta, [ONHAND-2]).
import type { LedgerValueEntry } from '../local/ledger-types';

export type ValueEntryFields = Omit<LedgerValueEntry, 'op_id' | 'sync' | 'error' | 'txid' | 'settled'>;

export function pendingValueEntry(fields: ValueEntryFields, opId: string): LedgerValueEntry {
  return { ...fields, op_id: opId, sync: 'pending', error: null, txid: null, settled: 0 };
}
