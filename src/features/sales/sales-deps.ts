// What the sales screen needs, as ports: the ledger (this device's sales, live), this user's mirror
// (terminal and cashier names), the company and its currency, the user's role, this device's till, and the
// server's pages of every till's sales (null when it cannot be asked, and for cashiers, who see this
// device's sales). The route builds them from the app's services; tests pass fakes.
import type { LedgerDb } from '../../data/local/ledger-db';
import type { TerminalIdentity } from '../../data/local/ledger-types';
import type { MirrorDb } from '../../data/local/mirror-db';
import type { CardPaymentStanding } from '../../data/remote/card-refunds';
import type { ReadSaleFlags } from '../../data/remote/flags';
import type { MemberRole } from '../../data/remote/memberships';
import type { ReceiptActions } from '../../data/remote/receipt-links';
import type { ReadSale, ReadSales } from '../../data/remote/sales';
import type { TaxMode } from '../../domain/tax';
import type { PrintOutcome } from '../../ui/print-job';

/**
 * This device's receipt printer (issue 19), wired by the route. It prints a sale of this device's ledger
 * again, marked COPY; a sale only the server has, or a device with no printer set, prints through the browser.
 */
export interface SalePrinter {
  isSet: () => boolean;
  printCopy: (saleId: string) => Promise<PrintOutcome>;
}

export interface SalesDeps {
  ledger: LedgerDb;
  mirror: MirrorDb;
  companyId: string;
  currency: string;
  /** Whether the shop's prices include tax: totals then say "Tax (incl.)". */
  taxMode: TaxMode;
  role: MemberRole;
  terminal: TerminalIdentity | null;
  server: ReadSales | null;
  /** One sale from the server, for its own page (null like `server`). */
  readSale: ReadSale | null;
  /** Goes to a sale's own page (/dashboard/sales/$saleId). */
  openSale: (saleId: string) => void;
  /** Opens the register, where refunds are made (it finds the sale by receipt number). */
  openRegister: (() => void) | null;
  printer?: SalePrinter;
  /** A sale's digital receipt on the server (issue 22): its link, the revoke and a mail; absent offline-only. */
  receipts?: ReceiptActions;
  /** Where a sale's reader payments stand on the server (issue 20); absent, tenders show as recorded. */
  readCardPayments?: (intentIds: readonly string[]) => Promise<CardPaymentStanding[]>;
  /** [FLAGUI-1] What the server flagged on a sale (issue 33): managers and owners only, absent for cashiers. */
  readFlags?: ReadSaleFlags;
}
