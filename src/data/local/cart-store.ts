// The register's open cart and parked carts, on this device. A cart is written on every change (strict
// durability, like the ledger) so a reload or a power cut mid-sale loses nothing, and it lives in its own small
// database because it is not yet a sale: nothing here is synced or ever leaves the device. The update prompt
// reads `hasOpenCart` so a new version never reloads the page in the middle of a sale (DESIGN §9).
import { Dexie, liveQuery, type EntityTable, type Observable } from 'dexie';
import type { Cart } from '../../domain/cart';
import { projectScope } from './db-names';

export interface StoredCart {
  /** 'open' for the cart at the counter; a UUID for a parked one. */
  id: string;
  cart: Cart;
  /** What the cashier called it when parking ("Table 4", "Blue coat"). */
  label?: string;
  updated_at: string;
}

const OPEN = 'open';

class CartDatabase extends Dexie {
  carts!: EntityTable<StoredCart, 'id'>;

  constructor(name: string) {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ carts: 'id, updated_at' });
  }
}

export function cartDatabaseName(supabaseUrl: string): string {
  return `tillpoint-carts ${projectScope(supabaseUrl)}`;
}

export class CartStore {
  readonly #db: CartDatabase;
  readonly #now: () => Date;

  constructor(name: string, now: () => Date = () => new Date()) {
    this.#db = new CartDatabase(name);
    this.#now = now;
  }

  async openCart(): Promise<Cart | undefined> {
    return (await this.#db.carts.get(OPEN))?.cart;
  }

  /** Saves the cart at the counter; an empty cart is removed so "no sale in progress" is simply no row. */
  async saveOpenCart(cart: Cart): Promise<void> {
    if (isEmpty(cart)) await this.#db.carts.delete(OPEN);
    else await this.#db.carts.put({ id: OPEN, cart, updated_at: this.#now().toISOString() });
  }

  async hasOpenCart(): Promise<boolean> {
    return (await this.#db.carts.get(OPEN)) !== undefined;
  }

  watchOpenCart(): Observable<Cart | undefined> {
    return liveQuery(() => this.openCart());
  }

  /** Moves the open cart aside under a label, leaving the counter empty, in one transaction. */
  async park(id: string, label: string): Promise<void> {
    await this.#db.transaction('rw', this.#db.carts, async () => {
      const open = await this.#db.carts.get(OPEN);
      if (!open) return;
      await this.#db.carts.put({ id, cart: open.cart, label, updated_at: this.#now().toISOString() });
      await this.#db.carts.delete(OPEN);
    });
  }

  /**
   * Brings a parked cart back to the counter. Refuses while another cart is open, so resuming never
   * overwrites a sale in progress: the caller parks the open one first.
   */
  async resume(id: string): Promise<'resumed' | 'counter_busy' | 'not_found'> {
    return this.#db.transaction('rw', this.#db.carts, async () => {
      if (await this.#db.carts.get(OPEN)) return 'counter_busy';
      const parked = await this.#db.carts.get(id);
      if (!parked || id === OPEN) return 'not_found';
      await this.#db.carts.put({ id: OPEN, cart: parked.cart, updated_at: this.#now().toISOString() });
      await this.#db.carts.delete(id);
      return 'resumed';
    });
  }

  async discardParked(id: string): Promise<void> {
    if (id !== OPEN) await this.#db.carts.delete(id);
  }

  watchParked(): Observable<StoredCart[]> {
    return liveQuery(async () =>
      (await this.#db.carts.orderBy('updated_at').reverse().toArray()).filter((c) => c.id !== OPEN),
    );
  }

  close(): void {
    this.#db.close();
  }
}

/** A sale id or an approval drawn for a cart whose lines are gone is nothing to keep ([CART-5]). */
function isEmpty(cart: Cart): boolean {
  return (
    cart.lines.length === 0 &&
    !cart.note &&
    !cart.customerId &&
    !cart.discount &&
    (cart.takenTenders ?? []).length === 0
  );
}
