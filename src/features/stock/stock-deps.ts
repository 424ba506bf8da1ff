// What the stock screen needs, as ports: the ledger's command deps (movements queue offline through the
// outbox), this user's mirror (products, stores, terminals, levels), who is signed in and in which role,
// this device's till (when it is one), and the server's movement history (null when it cannot be asked).
// The route builds them from the app's services; tests pass fakes.
import type { CommandDeps } from '../../data/local/command-deps';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { MemberRole } from '../../data/remote/memberships';
import type { ReadStockMovements } from '../../data/remote/stock-movements';

export interface StockDeps {
  commandDeps: CommandDeps;
  mirror: MirrorDb;
  companyId: string;
  role: MemberRole;
  terminal: TerminalIdentity | null;
  server: ReadStockMovements | null;
}
