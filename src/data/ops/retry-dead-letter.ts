// "Retry" on the sync page: a dead letter, its cause fixed, goes back to the end of the queue.
import type { Clock } from '../../domain/clock';
import type { IdGenerator } from '../../domain/ids';
import { markEntity } from '../local/entity-sync';
import type { LedgerDb } from '../local/ledger-db';
import type { OutboxRow } from '../local/ledger-types';
import { enqueueOp } from '../local/outbox';
import { answerTables } from './registry';

/**
 * "Retry" of a dead letter after its cause was fixed: the same command under a new op_id (a recorded
 * rejection answers the same for the same op_id, [OPS-4]) at the end of the queue.
 */
export async function retryDeadLetter(
  ledger: LedgerDb,
  opId: string,
  deps: { ids: IdGenerator; clock: Clock },
): Promise<OutboxRow | null> {
  return ledger.transaction('rw', answerTables(ledger), async () => {
    const dead = await ledger.deadLetters.get(opId);
    if (!dead) return null;
    await ledger.deadLetters.delete(opId);
    const row = await enqueueOp(
      ledger,
      {
        name: dead.name,
        args: dead.args,
        company_id: dead.company_id,
        terminal_id: dead.terminal_id,
        entity: dead.entity,
      },
      deps,
    );
    await markEntity(ledger, dead.entity, 'pending', null, { op_id: row.op_id });
    await ledger.stockMovements
      .where('op_id')
      .equals(opId)
      .modify({ op_id: row.op_id, settled: 0, sync: 'pending', txid: null });
    // [VAL-32] Its value entries count again too, until the retried op is answered and pulled.
    await ledger.valueEntries
      .where('op_id')
      .equals(opId)
      .modify({ op_id: row.op_id, settled: 0, sync: 'pending', txid: null });
    return row;
  });
}
