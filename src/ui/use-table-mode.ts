// How a back-office table fits the width it has (issue 34): every column ('table'), the columns marked minor
// left out ('compact'), or each row as a card of label–value lines ('cards'), so the name is readable at every
// width and the page never scrolls sideways. Measured on the table's own box, not the window: the same table
// sits in a page's full width or in a panel half as wide. Cards when the box is narrower than the table's
// `cardsBelow`, and also when the whole table, drawn, turns out wider than its box (long figures).
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export type TableMode = 'table' | 'compact' | 'cards';

export interface TableFit {
  /** Below this box width (CSS px) the rows become cards; by default 5rem a column. */
  cardsBelow?: number | undefined;
  /** Below this box width the minor columns are left out (0: never). */
  compactBelow?: number | undefined;
}

/** Narrower than this a column's header and figures no longer fit side by side (CSS px, 5rem). */
export const COLUMN_ROOM = 80;

export function tableModeFor(width: number, { cardsBelow = 0, compactBelow = 0 }: TableFit): TableMode {
  // Not laid out (0: a test's document, a hidden tab): the whole table, as before any measuring.
  if (width <= 0) return 'table';
  if (width < cardsBelow) return 'cards';
  return width < compactBelow ? 'compact' : 'table';
}

export function useTableMode(box: RefObject<HTMLElement | null>, fit: TableFit): TableMode {
  const { cardsBelow, compactBelow } = fit;
  const [mode, setMode] = useState<TableMode>('table');
  // The widest box at which the whole table did not fit (its figures are wider than the columns' share):
  // cards at that width and below, whatever the column count says, until the box grows past it.
  const overflowedAt = useRef(0);
  // Before paint, so a phone never shows the squeezed table for a frame.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const chosen = tableModeFor(width, { cardsBelow, compactBelow });
      if (chosen !== 'cards' && element.scrollWidth > width + 1 && width > 0) {
        overflowedAt.current = Math.max(overflowedAt.current, width);
      }
      setMode(width > 0 && width <= overflowedAt.current ? 'cards' : chosen);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [box, cardsBelow, compactBelow]);
  // A table drawn in full that sticks out of its box turns to cards before paint as well.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || mode === 'cards') return;
    const width = element.clientWidth;
    if (width > 0 && element.scrollWidth > width + 1) {
      overflowedAt.current = Math.max(overflowedAt.current, width);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- only the drawn table's width can tell; before paint
      setMode('cards');
    }
  }, [box, mode]);
  return mode;
}
