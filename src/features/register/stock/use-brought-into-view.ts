// What a stock screen says after its button is pressed (a question, 'Some lines need a change…') can sit far
// above or below that button on a long list in a phone's dialog: brought into view whenever it changes, so the
// press is never answered out of sight.
import { useEffect, useRef } from 'react';

export function useBroughtIntoView<T extends HTMLElement>(shown: unknown) {
  const box = useRef<T>(null);
  useEffect(() => {
    const element = box.current;
    // jsdom has no scrollIntoView.
    if (shown && element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'nearest' });
  }, [shown]);
  return box;
}
