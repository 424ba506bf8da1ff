// What a command runner needs: the ledger, id and time sources (pinned in tests), and a hook the sync
// engine passes so a local write triggers a sync shortly after (DESIGN §6 "When").
import type { Clock } from '../../domain/clock';
import type { IdGenerator } from '../../domain/ids';
import type { LedgerDb } from './ledger-db';

export interface CommandDeps {
  ledger: LedgerDb;
  ids: IdGenerator;
  clock: Clock;
  onWrite?: () => void;
}

/** A runner refused the command before writing anything: a message to show at the counter. */
export class CommandRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CommandRefused';
  }
}
