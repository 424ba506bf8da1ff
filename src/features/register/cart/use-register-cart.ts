// The cart at the counter as React state that is written to the CartStore on every change, in order, so a
// reload or a power cut mid-sale loses nothing; on mount the open cart is read back. Edits are the pure
// functions of src/domain/cart-edit.ts; one they refuse (a fractional quantity of piece goods) becomes a
// message, never a thrown error. An item scanned or tapped before the read-back has answered is kept as
// its edit and replayed onto the stored cart when it arrives, so neither the scan nor the stored cart is lost.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cart } from '../../../domain/cart';
import { emptyCart } from '../../../domain/cart-edit';
import type { CartStore, StoredCart } from '../../../data/local/cart-store';
import { t } from '@lingui/core/macro';

export interface RegisterCart {
  cart: Cart;
  /** False until the open cart has been read back from the store. */
  loaded: boolean;
  problem: string | null;
  edit: (change: (cart: Cart) => Cart) => void;
  /**
   * [CART-6] The cart with its sale's id, drawn now if it has none, once that id is in the stored cart: a
   * sale recorded under it and then cut off by a power cut before the cart is cleared is found again by that
   * id instead of being recorded twice.
   */
  stampSale: (newId: () => string) => Promise<Cart>;
  clear: () => void;
  parked: readonly StoredCart[];
  park: (id: string, label: string) => Promise<void>;
  resume: (id: string) => Promise<void>;
}

export function useRegisterCart(store: CartStore): RegisterCart {
  const [cart, setCart] = useState<Cart>(emptyCart);
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [parked, setParked] = useState<readonly StoredCart[]>([]);
  const cartRef = useRef<Cart>(emptyCart);
  // The edits made before the open cart was read back, in order; null once it has been.
  const early = useRef<((cart: Cart) => Cart)[] | null>([]);
  // Saves run one after another, so an older cart never overwrites a newer one.
  const writes = useRef<Promise<void>>(Promise.resolve());

  const queue = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const next = writes.current.then(work, work);
    writes.current = next.then(
      () => undefined,
      () => {
        setProblem(t`This cart could not be saved on the device.`);
      },
    );
    return next;
  }, []);

  const show = useCallback((next: Cart) => {
    cartRef.current = next;
    setCart(next);
  }, []);

  useEffect(() => {
    let live = true;
    // In the queue, so no save can reach the store before the stored cart has been read.
    void queue(() => store.openCart()).then((open) => {
      if (!live) return;
      const edits = early.current ?? [];
      early.current = null;
      const merged = edits.reduce(replay, open ?? emptyCart);
      show(merged);
      setLoaded(true);
      if (edits.length > 0) void queue(() => store.saveOpenCart(merged));
    });
    const subscription = store.watchParked().subscribe({ next: setParked });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, [store, show, queue]);

  const edit = useCallback(
    (change: (cart: Cart) => Cart) => {
      let next: Cart;
      try {
        next = change(cartRef.current);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : t`That change could not be made.`);
        return;
      }
      setProblem(null);
      show(next);
      // Before the read-back the stored cart is not in `next` yet: saving it would overwrite that cart.
      if (early.current) early.current.push(change);
      else void queue(() => store.saveOpenCart(next));
    },
    [queue, show, store],
  );

  const stampSale = useCallback(
    async (newId: () => string) => {
      const current = cartRef.current;
      if (current.saleId !== undefined) {
        await writes.current;
        return current;
      }
      const next = { ...current, saleId: newId() };
      show(next);
      // A cart that cannot be saved still sells (nothing is lost); `problem` already says it was not saved.
      await queue(() => store.saveOpenCart(next)).catch(() => undefined);
      return next;
    },
    [queue, show, store],
  );

  const clear = useCallback(() => {
    edit(() => emptyCart);
  }, [edit]);

  const park = useCallback(
    async (id: string, label: string) => {
      await queue(() => store.park(id, label));
      show(emptyCart);
    },
    [queue, show, store],
  );

  const resume = useCallback(
    async (id: string) => {
      const answer = await queue(() => store.resume(id));
      if (answer === 'resumed') {
        show((await store.openCart()) ?? emptyCart);
        setProblem(null);
      } else {
        setProblem(
          answer === 'counter_busy'
            ? t`Park or finish the cart at the counter before resuming another.`
            : t`That parked cart is no longer here.`,
        );
      }
    },
    [queue, show, store],
  );

  return { cart, loaded, problem, edit, stampSale, clear, parked, park, resume };
}

/** An early edit the stored cart refuses (its line is gone) is dropped: the stored cart comes first. */
function replay(cart: Cart, change: (cart: Cart) => Cart): Cart {
  try {
    return change(cart);
  } catch {
    return cart;
  }
}
