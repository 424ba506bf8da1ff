// The counter's promotions (issue 36): the shop's catalogue of deals read from the mirror at start and again
// when a pull changes it — compiled there once, never per cart change ([PROMO-T5]) — and the setting a cart is
// priced in: the index, the names, this store, the shop's time zone and the time, which moves on each minute so
// a happy hour starts and ends on screen with no cart change.
import { useEffect, useMemo, useState } from 'react';
import type { PromotionSetting } from '../../../domain/cart-promotions';
import { emptyPromotionCatalog, type PromotionCatalog } from '../../../data/local/promotion-catalog';
import type { RegisterDeps } from '../register-deps';

const MINUTE = 60_000;

export interface CounterPromotions {
  catalog: PromotionCatalog;
  /** Undefined when the shop has no promotion on this device: pricing then skips the engine. */
  setting: PromotionSetting | undefined;
  /** The time a cart is priced at now, an ISO instant. */
  at: string;
}

export function usePromotions(source: RegisterDeps['promotions'], storeId: string): CounterPromotions {
  const [catalog, setCatalog] = useState<PromotionCatalog>(emptyPromotionCatalog);
  const [at, setAt] = useState(() => (source ? source.now() : new Date()).toISOString());

  useEffect(() => {
    if (!source) return;
    let live = true;
    const read = () => {
      void source.load().then(
        (loaded) => {
          // A shop with no deals at all (most reads before the first pull): no new render for nothing.
          const nothing = (c: PromotionCatalog) => c.count === 0 && c.byCode.size === 0;
          if (live) setCatalog((now) => (nothing(now) && nothing(loaded) ? now : loaded));
        },
        (error: unknown) => {
          console.warn('Cannot read the promotions', error);
        },
      );
    };
    read();
    const stop = source.watch?.(read);
    return () => {
      live = false;
      stop?.();
    };
  }, [source]);

  const hasAny = catalog.count > 0;
  useEffect(() => {
    if (!source || !hasAny) return;
    const timer = setInterval(() => {
      setAt(source.now().toISOString());
    }, MINUTE);
    return () => {
      clearInterval(timer);
    };
  }, [source, hasAny]);

  const timeZone = source?.timeZone ?? 'UTC';
  const setting = useMemo(
    () => (hasAny ? { index: catalog.index, names: catalog.names, at, timeZone, storeId } : undefined),
    [hasAny, catalog, at, timeZone, storeId],
  );
  return { catalog, setting, at };
}
