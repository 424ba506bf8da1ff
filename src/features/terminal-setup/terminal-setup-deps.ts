// What the terminal-setup screens need, and how a route builds it from the app's sync services: the ledger
// (where the terminal's identity lives), the registrar (rpc register_terminal), the user's mirror (stores
// to choose from) and "Sync now" for a device that has not loaded its shop's stores yet.
import { systemClock, type Clock } from '../../domain/clock';
import { newId, type IdGenerator } from '../../domain/ids';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { TerminalRegistrar } from '../../data/local/terminal';
import type { SyncServices } from '../../data/sync/create-sync';

export interface TerminalSetupDeps {
  ledger: LedgerDb;
  mirror: MirrorDb;
  registrar: TerminalRegistrar;
  clock: Clock;
  ids: IdGenerator;
  companyId: string;
  syncNow: () => void;
}

export function terminalSetupDepsFrom(
  sync: Pick<SyncServices, 'ledger' | 'mirrorFor' | 'remote' | 'syncNow'>,
  userId: string,
  companyId: string,
): TerminalSetupDeps {
  return {
    ledger: sync.ledger,
    mirror: sync.mirrorFor(userId),
    registrar: sync.remote,
    clock: systemClock,
    ids: newId,
    companyId,
    syncNow: () => {
      sync.syncNow();
    },
  };
}
