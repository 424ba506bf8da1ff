// Printing a receipt on a 58 mm or 80 mm roll (issue 7). The width is the device's printer, so it is
// remembered on the device (localStorage), not per user. Printing copies the receipt into a print-only
// root and hides the rest of the app (receipt-print.css), so neither the app's chrome nor a dialog
// behind it reaches the paper; the page is sized to the receipt so a roll printer cuts after it.
import { useCallback, useState } from 'react';

export type ReceiptWidth = 58 | 80;

export const RECEIPT_WIDTH_KEY = 'tillpoint.receipt-width';
const PX_PER_MM = 96 / 25.4;

export function storedReceiptWidth(): ReceiptWidth {
  try {
    return localStorage.getItem(RECEIPT_WIDTH_KEY) === '58' ? 58 : 80;
  } catch {
    // Storage can be blocked (private mode, policies): the common 80 mm roll then.
    return 80;
  }
}

export function useReceiptWidth(): [ReceiptWidth, (width: ReceiptWidth) => void] {
  const [width, setWidth] = useState<ReceiptWidth>(storedReceiptWidth);
  const choose = useCallback((next: ReceiptWidth) => {
    setWidth(next);
    try {
      localStorage.setItem(RECEIPT_WIDTH_KEY, String(next));
    } catch {
      // Not remembered, but this receipt still prints at the chosen width.
    }
  }, []);
  return [width, choose];
}

/**
 * Prints one receipt element: a copy goes into `.print-root` at the end of <body>, the body is marked
 * `printing-receipt` (everything else hidden by receipt-print.css), an `@page` rule sizes the paper to the
 * receipt's width and height, and all of it is removed once the print dialog is done.
 */
export function printReceipt(slip: HTMLElement, width: ReceiptWidth): void {
  const root = document.createElement('div');
  root.className = 'print-root';
  root.append(slip.cloneNode(true));
  const page = document.createElement('style');
  // A little slack below the last line; jsdom and hidden elements measure 0, hence the floor.
  const heightMm = Math.max(80, Math.ceil(slip.getBoundingClientRect().height / PX_PER_MM) + 10);
  page.textContent = `@page receipt { size: ${width}mm ${heightMm}mm; margin: 0; }`;
  document.head.append(page);
  document.body.append(root);
  document.body.classList.add('printing-receipt');
  let done = false;
  const cleanUp = () => {
    if (done) return;
    done = true;
    window.removeEventListener('afterprint', cleanUp);
    root.remove();
    page.remove();
    document.body.classList.remove('printing-receipt');
  };
  window.addEventListener('afterprint', cleanUp);
  window.print();
  // Every browser fires afterprint; should one not, the copy goes after a minute rather than never.
  setTimeout(cleanUp, 60_000);
}
