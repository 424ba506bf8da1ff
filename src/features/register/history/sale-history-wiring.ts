// From the app's local databases to the register's SaleHistory: liveQuery reads of this till's sales (so a
// receipt's "Unsynced" mark flips as soon as the sync engine marks the sale) and the refund command.
import type { SupabaseClient } from '@supabase/supabase-js';
import { liveQuery } from 'dexie';
import { cardRefundsOf, type CardRefunds } from '../../../data/remote/card-refunds';
import type { PricingRules } from '../../../domain/cart';
import type { AskApproval, SignCashier } from '../../../domain/cashier-stamp';
import type { CommandDeps } from '../../../data/local/command-deps';
import type { TerminalIdentity } from '../../../data/local/ledger-types';
import type { MirrorDb } from '../../../data/local/mirror-db';
import { saleByReceiptNo, saleForReceipt, terminalSales } from '../../../data/local/sale-history';
import { refundableSale, refundSale, type RefundSetting } from '../refund/refund-command';
import { giftCardBalance } from '../refund/refund-value';
import type { CustomerBook, RegisterCatalog } from '../register-deps';
import type { SaleHistory } from './sale-history-deps';

export function saleHistoryFor(
  sources: {
    commandDeps: CommandDeps;
    mirror: MirrorDb;
    cashierId: string | null;
    shiftId?: string | null;
    signCashier?: SignCashier;
    approve?: AskApproval;
    /** The signed-in session: refunds of reader payments go back to the card through it ([CARD-22]). */
    supabase?: SupabaseClient;
    /** Instead of `supabase`'s (tests). */
    cardRefunds?: CardRefunds;
    /** [VAL-15] The register's customers: a refund onto store credit may attach one. */
    customers?: CustomerBook;
  },
  ready: { catalog: RegisterCatalog; rules: PricingRules; terminal: TerminalIdentity },
): SaleHistory {
  const { commandDeps, mirror } = sources;
  const { ledger } = commandDeps;
  const { catalog, terminal } = ready;
  const setting: RefundSetting = {
    companyId: terminal.company_id,
    rules: ready.rules,
    cashierId: sources.cashierId,
    shiftId: sources.shiftId ?? null,
    isWeighed: (productId) => (productId === null ? false : (catalog.index.get(productId)?.weighed ?? false)),
    tracksStock: (productId) => catalog.index.get(productId)?.track_stock ?? false,
    ...(sources.signCashier ? { signCashier: sources.signCashier } : {}),
    ...(sources.approve ? { approve: sources.approve } : {}),
    ...cardRefundsFrom(sources),
    giftCardBalance: (accountId) => giftCardBalance(ledger, mirror, accountId),
  };
  return {
    recent: () => liveQuery(() => terminalSales(ledger, terminal.id)),
    receipt: (saleId) => liveQuery(() => saleForReceipt(ledger, mirror, saleId)),
    findByReceiptNo: (receiptNo) => saleByReceiptNo(ledger, terminal.company_id, receiptNo),
    refundable: (saleId) => refundableSale(commandDeps, setting, saleId),
    refund: (request) => refundSale(commandDeps, setting, request),
    ...(sources.customers ? { customers: sources.customers } : {}),
  };
}

function cardRefundsFrom(sources: { supabase?: SupabaseClient; cardRefunds?: CardRefunds }) {
  if (sources.cardRefunds) return { cardRefunds: sources.cardRefunds };
  return sources.supabase ? { cardRefunds: cardRefundsOf(sources.supabase) } : {};
}
