// Test wiring for the receipts, "Recent sales" and refunds: a real ledger and mirror on fake-indexeddb, the
// register's till (T1) in a shop with a name and a store, sales made with the register's own completeSale,
// and the SaleHistory the register is given (sale-history-wiring.ts).
import { addProduct } from '../../../domain/cart-edit';
import { priceCart, type Cart } from '../../../domain/cart';
import { fixedClock } from '../../../domain/clock';
import { pinnedIds } from '../../../domain/ids';
import { ProductSearchIndex } from '../../../domain/product-search';
import { units } from '../../../domain/quantity';
import { productSnapshot } from '../../../domain/snapshots';
import type { Tender } from '../../../domain/tender';
import { LedgerDb } from '../../../data/local/ledger-db';
import type { CardRefunds } from '../../../data/remote/card-refunds';
import type { TerminalIdentity } from '../../../data/local/ledger-types';
import { MirrorDb, type MirrorProduct } from '../../../data/local/mirror-db';
import { makeCompleteSale } from '../payment/complete-sale';
import { makeCustomerBook } from '../cart/customer-book';
import { BAGUETTE, BANANAS, COMPANY, CROISSANT, RULES, STORE } from '../register-test-deps';
import { saleHistoryFor } from './sale-history-wiring';

export const TERMINAL: TerminalIdentity = {
  company_id: COMPANY,
  id: 'e5000000-0000-4000-8000-000000000001',
  code: 'T1',
  name: 'Front counter',
  store_id: STORE,
  receipt_counter: 0,
  registered_at: '2026-11-21T08:00:00Z',
};

export async function historyWorld(options: { cardRefunds?: CardRefunds; customers?: boolean } = {}) {
  const ledger = new LedgerDb(`ledger-${crypto.randomUUID()}`);
  const mirror = new MirrorDb(`mirror-${crypto.randomUUID()}`);
  await ledger.terminals.put(TERMINAL);
  await mirror.companies.put({ id: COMPANY, name: 'Corner Bakery' });
  await mirror.stores.put({ id: STORE, company_id: COMPANY, name: 'High Street' });
  const products = [CROISSANT, BAGUETTE, BANANAS];
  const catalog = { index: new ProductSearchIndex(products), products, categories: [] };
  const commandDeps = { ledger, ids: pinnedIds(), clock: fixedClock('2026-11-21T09:15:00Z') };
  const completeSale = makeCompleteSale(commandDeps, {
    companyId: COMPANY,
    rules: RULES,
    cashierId: null,
    shiftId: null,
    tracksStock: () => true,
  });
  const sell = async (lines: [MirrorProduct, number][], tenders: Tender[]) => {
    let cart: Cart = { lines: [] };
    for (const [product, count] of lines) {
      cart = addProduct(cart, productSnapshot(product), units(count), commandDeps.ids());
    }
    const sold = await completeSale(cart, priceCart(cart, RULES), tenders);
    if (!sold.ok) throw new Error(sold.error.message);
    return sold.value;
  };
  const { customers, ...sources } = options;
  const history = saleHistoryFor(
    {
      commandDeps,
      mirror,
      cashierId: null,
      ...sources,
      // [VAL-15] The register's customers, to attach one to a refund onto store credit.
      ...(customers ? { customers: makeCustomerBook({ commandDeps, mirror, companyId: COMPANY }) } : {}),
    },
    { catalog, rules: RULES, terminal: TERMINAL },
  );
  return { ledger, mirror, history, sell };
}
