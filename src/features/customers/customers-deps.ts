// What the customers screen needs, as ports: the ledger's command deps (customer.upsert queues offline
// through the outbox), this user's mirror (the shop's customers as last pulled), the company and its
// currency, the server's sales of a customer (null when it cannot be asked) and, for managers and owners,
// every customer's visits and spend (null for a cashier: reports are theirs). The route builds them
// from the app's services; tests pass fakes.
import type { CommandDeps } from '../../data/local/command-deps';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { ReadCustomerTotals } from '../../data/remote/reports';
import type { ReadCustomerSales } from '../../data/remote/sales';

export interface CustomersDeps {
  commandDeps: CommandDeps;
  mirror: MirrorDb;
  companyId: string;
  currency: string;
  customerSales: ReadCustomerSales | null;
  customerTotals: ReadCustomerTotals | null;
}
