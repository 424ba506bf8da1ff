// What the sales screen needs, as ports: the ledger (this device's sales, live), this user's mirror
// (terminal and cashier names), the company and its currency, the user's role, this device's till, and the
// server's pages of every till's sales (null when it cannot be asked, and for cashiers, who see this
// device's sales). The route builds them from the app's services; tests pass fakes.
import type { LedgerDb } from '../../data/local/ledger-db';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { MemberRole } from '../../data/remote/memberships';
import type { ReadSales } from '../../data/remote/sales';

export interface SalesDeps {
  ledger: LedgerDb;
  mirror: MirrorDb;
  companyId: string;
  currency: string;
  role: MemberRole;
  terminal: TerminalIdentity | null;
  server: ReadSales | null;
  /** Opens the register, where refunds are made (it finds the sale by receipt number). */
  openRegister: (() => void) | null;
}
