// From the app's local data layer to the register's dependencies: the route (once main.tsx hands it the sync
// services' ledger, the user's mirror and the device's cart store) calls loadRegisterData, then this.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CartStore } from '../../data/local/cart-store';
import type { CommandDeps } from '../../data/local/command-deps';
import { liveQuery } from 'dexie';
import type { LedgerDb } from '../../data/local/ledger-db';
import type { MirrorDb, MirrorProduct } from '../../data/local/mirror-db';
import { companyProducts } from '../../data/local/mirror-reads';
import { onHandByProduct } from '../../data/local/stock-on-hand';
import { makeCatalogEdits, productWritesOf } from './catalog/catalog-edits';
import { makeCompleteSale, type SaleSetting } from './payment/complete-sale';
import { makeCustomerBook } from './cart/customer-book';
import type { RegisterData } from './register-data';
import { productsOnSale } from '../../data/local/register-catalog';
import { loadModifierCatalog } from '../../data/local/modifier-catalog';
import { loadPromotionCatalog, pendingCouponUses } from '../../data/local/promotion-catalog';
import {
  signedInCashier,
  withApproval,
  type AskApproval,
  type SignCashier,
} from '../../domain/cashier-stamp';
import { recordActivity } from '../../data/ops/activity-record';
import { emailReceipt } from '../../data/ops/receipt-email';
import type { RegisterDeps, RegisterRole } from './register-deps';
import { saleHistoryFor } from './history/sale-history-wiring';
import { cardReaderFor } from './payment/card-reader-wiring';
import type { ReaderStorage } from '../../data/local/till-card-reader';
import { valueRemoteOf } from '../../data/remote/value-lookups';
import type { Supabase } from '../../data/remote/supabase-client';
import { registerValueFor } from './value/register-value';
import { takeAccountPayment } from '../../data/ops/account-payment';
import { registerStockFor } from './stock/register-stock';

export interface RegisterSources {
  /** The ledger, ids, clock and the sync engine's after-write hook (SyncServices.commandDeps). */
  commandDeps: CommandDeps;
  mirror: MirrorDb;
  cartStore: CartStore;
  cashierId: string | null;
  shiftId?: string | null;
  /** The member's role; owners and managers may edit quick keys and add products (with `supabase`). */
  role?: RegisterRole;
  /**
   * A shared till whose back office is closed (issue 33): a PIN opens the counter only, so the catalogue is
   * not edited from here, whoever's account the till is signed in as.
   */
  counterOnly?: boolean;
  supabase?: SupabaseClient;
  /** Asks the sync engine to pull now, after a catalogue edit on the server. */
  syncNow?: () => void;
  /** A shared till (issue 18): who sold, signed per op, and a manager's approval when the shop asks. */
  signCashier?: SignCashier;
  approve?: AskApproval;
  /** A shared till: the cashier left a sale's receipt (the till may lock), and a line was removed. */
  onSaleDone?: () => void;
  onLineRemoved?: RegisterDeps['onLineRemoved'];
  /** This device's receipt printer and drawer (issue 19). */
  printer?: RegisterDeps['printer'];
  /** A shared till with shifts by cashier: another cashier's open shift is handed over before a sale. */
  checkShift?: SaleSetting['checkShift'];
  /** Where the device remembers this till's card reader (localStorage); with `supabase`, 'Card' uses it. */
  readerStorage?: ReaderStorage | null;
  /** The local stack's URL, for the controls of its simulated card readers. */
  simulatorUrl?: string;
  /** [PUR-T1] The person at the counter's role now (a shared till: whoever unlocked it); else `role`. */
  counterRole?: () => RegisterRole | null;
}

export function registerDepsFor(
  sources: RegisterSources,
  ready: Extract<RegisterData, { kind: 'ready' }>,
): RegisterDeps {
  const { catalog, rules, scaleLayouts, terminal } = ready;
  const { role, supabase, syncNow } = sources;
  const manages = (role === 'owner' || role === 'manager') && sources.counterOnly !== true;
  const value = registerValueFor({
    ledger: sources.commandDeps.ledger,
    mirror: sources.mirror,
    companyId: terminal.company_id,
    ids: sources.commandDeps.ids,
    now: () => sources.commandDeps.clock().getTime(),
    ...(supabase ? { remote: valueRemoteOf(supabase as Supabase, terminal.company_id, terminal.id) } : {}),
    onOfflineMiss: (length) => {
      void reportCodeMiss(sources, terminal.company_id, length);
    },
  });
  const customers = makeCustomerBook({ ...sources, companyId: terminal.company_id });
  return {
    value,
    catalog,
    rules,
    scaleLayouts,
    terminal,
    cartStore: sources.cartStore,
    ids: sources.commandDeps.ids,
    completeSale: makeCompleteSale(sources.commandDeps, {
      companyId: terminal.company_id,
      rules,
      cashierId: sources.cashierId,
      shiftId: sources.shiftId ?? null,
      tracksStock: (productId) => catalog.index.get(productId)?.track_stock ?? false,
      ...(sources.signCashier ? { signCashier: sources.signCashier } : {}),
      ...(sources.approve ? { approve: sources.approve } : {}),
      ...(sources.checkShift ? { checkShift: sources.checkShift } : {}),
      valueSettings: value.settings,
      value,
    }),
    stockLevels: () => onHandByProduct(sources.commandDeps.ledger, sources.mirror, terminal.store_id),
    customers,
    history: saleHistoryFor({ ...sources, customers }, ready),
    receiptMail: {
      queue: (saleId, email) => emailReceipt(sources.commandDeps, { saleId, email }),
      watch: (id) => liveQuery(async () => (await sources.commandDeps.ledger.receiptEmails.get(id)) ?? null),
      online: () => navigator.onLine,
    },
    watchProducts: (onChange) => watchProductsPulled(sources.mirror, terminal.company_id, onChange),
    modifiers: () => loadModifierCatalog(sources.mirror, terminal.company_id),
    watchModifiers: (onChange) =>
      followPulls(
        sources.mirror,
        ['modifier_groups', 'modifier_options', 'product_modifier_groups'],
        onChange,
      ),
    promotions: {
      load: () => loadPromotionCatalog(sources.mirror, terminal.company_id),
      watch: (onChange) => followPulls(sources.mirror, ['promotions', 'coupons'], onChange, true),
      pendingUses: (code) => pendingCouponUses(sources.commandDeps.ledger, terminal.company_id, code),
      timeZone: ready.timeZone ?? 'UTC',
      now: sources.commandDeps.clock,
    },
    watchStock: (onChange) => watchStockLevels(sources.mirror, sources.commandDeps.ledger, onChange),
    ...(role ? { role } : {}),
    ...(sources.approve ? { approve: sources.approve } : {}),
    ...(sources.onSaleDone ? { onSaleDone: sources.onSaleDone } : {}),
    ...(sources.onLineRemoved ? { onLineRemoved: sources.onLineRemoved } : {}),
    ...(sources.printer ? { printer: sources.printer } : {}),
    // [PUR-T1] Receiving at the counter (issue 38), signed by the person at the counter as a sale is.
    stock: registerStockFor({
      commandDeps: sources.commandDeps,
      mirror: sources.mirror,
      terminal,
      ids: sources.commandDeps.ids,
      counterRole: sources.counterRole ?? (() => role ?? null),
      sign: sources.signCashier ?? signedInCashier(sources.cashierId),
      ...(syncNow ? { syncNow } : {}),
      online: () => navigator.onLine,
    }),
    // [VAL-18] A customer paying what they owe on account, signed by the cashier as a sale is.
    accountPayments: {
      take: async (request) => {
        const id = sources.commandDeps.ids();
        const stamp = await (sources.signCashier ?? signedInCashier(sources.cashierId))(
          'account.payment',
          id,
        );
        return takeAccountPayment(sources.commandDeps, {
          companyId: terminal.company_id,
          id,
          ...request,
          ...(sources.shiftId ? { shiftId: sources.shiftId } : {}),
          stamp,
        });
      },
    },
    recordNoSale: async (eventId, approval, drawerOpened) => {
      const stamp = await (sources.signCashier ?? signedInCashier(sources.cashierId))(
        'activity.record',
        eventId,
      );
      return recordActivity(sources.commandDeps, {
        companyId: terminal.company_id,
        id: eventId,
        kind: 'no_sale',
        detail: { drawer_opened: drawerOpened },
        stamp: withApproval(stamp, approval),
      });
    },
    ...(supabase
      ? {
          cardReader: cardReaderFor({
            supabase,
            terminalId: terminal.id,
            currency: rules.currency,
            storage: sources.readerStorage ?? null,
            clock: sources.commandDeps.clock,
            ...(sources.simulatorUrl ? { simulatorUrl: sources.simulatorUrl } : {}),
          }),
        }
      : {}),
    ...(manages && supabase && syncNow
      ? {
          catalogEdits: makeCatalogEdits({
            writes: productWritesOf(supabase),
            companyId: terminal.company_id,
            ids: sources.commandDeps.ids,
            syncNow,
          }),
        }
      : {}),
  };
}

/** [VAL-28] A code missed offline, as an `activity.record` event the server counts with its own misses. */
async function reportCodeMiss(sources: RegisterSources, companyId: string, length: number): Promise<void> {
  const id = sources.commandDeps.ids();
  const stamp = await (sources.signCashier ?? signedInCashier(sources.cashierId))('activity.record', id);
  const recorded = await recordActivity(sources.commandDeps, {
    companyId,
    id,
    kind: 'value_code_failed',
    detail: { length },
    stamp,
  });
  if (!recorded.ok) console.warn('Cannot record a missed gift card code', recorded.error.message);
}

/**
 * [issue 7] Keeps the counter's in-memory index following pulls: the products cursor moves only when a pull
 * brought product rows, so the catalog is read again then — not on every sync cycle, and not per row.
 */
function watchProductsPulled(
  mirror: MirrorDb,
  companyId: string,
  onChange: (products: readonly MirrorProduct[]) => void,
): () => void {
  return followPulls(mirror, ['products'], () => {
    void companyProducts(mirror, companyId).then((rows) => {
      onChange(productsOnSale(rows));
    });
  });
}

/**
 * Calls `onPulled` each time a pull brings rows of one of `tables` (its cursor moves); for the positions they
 * start at too when `fromStart` (a cheap read that must not miss a pull landing while the screen mounted).
 * The first visit needs it: the latte asks for its milk once the modifiers arrive, in the same visit, with no
 * reload (issue 34).
 */
function followPulls(
  mirror: MirrorDb,
  tables: readonly string[],
  onPulled: () => void,
  fromStart = false,
): () => void {
  const positions = async () =>
    (await mirror.cursors.bulkGet([...tables])).map((cursor) => cursor?.after ?? null);
  return followChanges(positions, onPulled, fromStart);
}

/**
 * [PSTOCK-T3] Calls `onChange` when the on-hand the register shows may have changed under it: a pull moved the
 * stock_levels cursor, or this device's unsettled movements changed (a sale, or the pull's settleDeltas,
 * which runs after the cursor moved: read only at the cursor, the till's own sales would count twice).
 */
function watchStockLevels(mirror: MirrorDb, ledger: LedgerDb, onChange: () => void): () => void {
  return followChanges(
    async () => [
      (await mirror.cursors.get('stock_levels'))?.after ?? null,
      await ledger.stockMovements.where('settled').equals(0).count(),
    ],
    onChange,
  );
}

/** Calls `onChanged` each time `read` (a live Dexie read) answers something new; the first answer too if `fromStart`. */
function followChanges(read: () => Promise<unknown>, onChanged: () => void, fromStart = false): () => void {
  let seen: string | null = null;
  const subscription = liveQuery(read).subscribe({
    next: (answer) => {
      const position = JSON.stringify(answer);
      const first = seen === null;
      if (position === seen) return;
      seen = position;
      // Without `fromStart`, what is on screen was read at the first positions already.
      if (!first || fromStart) onChanged();
    },
    error: (error: unknown) => {
      console.warn('Cannot follow pulls', error);
    },
  });
  return () => {
    subscription.unsubscribe();
  };
}

/**
 * The first visit (issue 34): a till set up before its first pull brought the products shows "No products on
 * this device yet"; `onArrive` is called whenever the mirror holds products (at once if it already does, as
 * when the pull finished between the route's read and this call), so the route reads the catalogue again.
 */
export function whenProductsArrive(mirror: MirrorDb, onArrive: () => void): () => void {
  const subscription = liveQuery(() => mirror.products.count()).subscribe({
    next: (count) => {
      if (count > 0) onArrive();
    },
    error: (error: unknown) => {
      console.warn('Cannot follow the products', error);
    },
  });
  return () => {
    subscription.unsubscribe();
  };
}
