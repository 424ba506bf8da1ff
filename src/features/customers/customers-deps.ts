// What the customers screen needs, as ports: the ledger's command deps (customer.upsert queues offline
// through the outbox), this user's mirror (the shop's customers as last pulled), the company and its
// currency, the server's sales of a customer (null when it cannot be asked) and, for managers and owners,
// every customer's visits and spend (null for a cashier: reports are theirs), and the customer's balances
// ([VAL-T50]…): read by anyone, managed (a credit limit, statements) by managers and owners only. The route
// builds them from the app's services; tests pass fakes.
import type { CommandDeps } from '../../data/local/command-deps';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { CustomerBalancesRemote } from '../../data/remote/customer-balances';
import type { ReadCustomerTotals } from '../../data/remote/reports';
import type { ReadCustomerSales } from '../../data/remote/sales';
import type { ReactNode } from 'react';

/** One account's statement to show, and how it closes. */
export interface StatementRequest {
  accountId: string;
  title: string;
  onClose: () => void;
}

export interface CustomerBalancesDeps {
  remote: CustomerBalancesRemote;
  /**
   * [VAL-T53] [VAL-T54] For managers and owners: an account's statement, printable and exportable — the route
   * passes Reports → customer value's own panel (features never import each other). Null for a cashier, who
   * sees the balances but neither statements nor the credit limit's form.
   */
  manage: { statement: (request: StatementRequest) => ReactNode } | null;
}

export interface CustomersDeps {
  commandDeps: CommandDeps;
  mirror: MirrorDb;
  companyId: string;
  currency: string;
  customerSales: ReadCustomerSales | null;
  customerTotals: ReadCustomerTotals | null;
  /** Null when the server cannot be asked at all: the panel shows what this device knows. */
  balances: CustomerBalancesDeps | null;
}
