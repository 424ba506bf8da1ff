// This device's terminal (a registered till) per company, and its setup: choose the store, name the till,
// register it once over the network (supabase/SPEC.md [ONB-6]); the identity and the receipt counter then
// live in the ledger, so receipt numbers are handed out offline from the terminal's own counter ([RCPT-3]).
import type { Clock } from '../../domain/clock';
import { isTerminalCode } from '../../domain/receipt-number';
import { err, ok, type Result } from '../../domain/result';
import type { LedgerDb } from './ledger-db';
import type { TerminalIdentity } from './ledger-types';
import { t } from '@lingui/core/macro';

/** The server side of registration: rpc register_terminal(p_store, p_name, p_id) → the terminal row. */
export interface TerminalRegistrar {
  registerTerminal(input: {
    storeId: string;
    name: string;
    id: string;
  }): Promise<Result<{ id: string; code: string; company_id: string; store_id: string; name: string }>>;
}

export function terminalFor(ledger: LedgerDb, companyId: string): Promise<TerminalIdentity | undefined> {
  return ledger.terminals.get(companyId);
}

/**
 * [TERM-1] Registers this device as a till of the store's company. `id` is made by the device and kept
 * by the caller across retries: the same id again answers the same terminal, so a lost response is harmless.
 * A device already registered for the company keeps its identity and counter.
 */
export async function setUpTerminal(
  deps: { ledger: LedgerDb; registrar: TerminalRegistrar; clock: Clock },
  input: { storeId: string; name: string; id: string },
): Promise<Result<TerminalIdentity>> {
  const name = input.name.trim();
  if (name === '' || name.length > 100)
    return err('invalid_name', t`Name the till (at most 100 characters).`);
  const answer = await deps.registrar.registerTerminal({ ...input, name });
  if (!answer.ok) return answer;
  const row = answer.value;
  if (!isTerminalCode(row.code)) {
    const code = row.code;
    return err('invalid_answer', t`The server gave the till code "${code}".`);
  }
  const identity = await deps.ledger.transaction('rw', deps.ledger.terminals, async () => {
    const existing = await deps.ledger.terminals.get(row.company_id);
    if (existing?.id === row.id) return existing;
    const fresh: TerminalIdentity = {
      company_id: row.company_id,
      id: row.id,
      code: row.code,
      name: row.name,
      store_id: row.store_id,
      receipt_counter: 0,
      registered_at: deps.clock().toISOString(),
    };
    await deps.ledger.terminals.put(fresh);
    return fresh;
  });
  return ok(identity);
}
