// A panel opened from a row of a long list (a promotion's coupons) shows above the list: it is brought into
// view when it opens, or on a phone it would open out of sight. Not the promotion form: its matches list
// grows and shrinks as one types, and a scroll when it opened moved buttons under a tap in a browser test.
import { useEffect, useRef } from 'react';

export function useScrollIntoView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (typeof ref.current?.scrollIntoView === 'function') ref.current.scrollIntoView({ block: 'start' });
  }, []);
  return ref;
}
