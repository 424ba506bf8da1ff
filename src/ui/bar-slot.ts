// The counter bar's slot for a till's own tools (issue 34): the virtual printer's 'Printer output' toggle
// sits in the bar, where it covers nothing the cashier needs. The bar (src/app) renders the slot; a feature
// renders into it through a portal, and where a page has no counter bar, in place.
import { useState } from 'react';

export const BAR_SLOT_ID = 'counter-bar-tools';

/**
 * The counter bar's slot, or null where there is none. Read once, on the first render: the bar is part of
 * the page's frame, so it is there before any page's (lazy) tool renders.
 */
export function useBarSlot(): HTMLElement | null {
  const [slot] = useState(() => document.getElementById(BAR_SLOT_ID));
  return slot;
}
