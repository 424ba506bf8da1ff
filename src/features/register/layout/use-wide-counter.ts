// Whether the counter is wide enough (a landscape tablet, a desktop) to show the products and the cart side
// by side; narrower screens show the products with a cart bar and open the cart as a sheet. Where the
// browser cannot tell (jsdom in tests), the counter is wide, so everything is on the page at once.
import { useSyncExternalStore } from 'react';

const WIDE = '(min-width: 900px)';

function query(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useWideCounter(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? true);
}
