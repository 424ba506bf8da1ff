// How the counter is arranged on this screen: wide (landscape tablet, desktop), the products and the sale side
// by side; narrow (portrait tablet, phone), the products over the cart bar, the sale as a sheet that opens
// when the cashier asks for the cart or the sale needs them (payment, receipt, an unknown barcode).
import type { ReactNode } from 'react';
import { CartBar, type CartBarProps } from './cart-bar';
import { SaleSheet } from './sale-sheet';
import { useWideCounter } from './use-wide-counter';

export interface CounterLayoutProps {
  products: ReactNode;
  sale: ReactNode;
  /** Warnings for the cashier: in the sale, or over the products while the sheet is closed. */
  alerts: ReactNode;
  bar: CartBarProps;
  sheetShown: boolean;
  onCloseSheet: () => void;
  /** Dialogs that belong to the screen in both arrangements. */
  children: ReactNode;
}

export function CounterLayout({
  products,
  sale,
  alerts,
  bar,
  sheetShown,
  onCloseSheet,
  children,
}: CounterLayoutProps) {
  const wide = useWideCounter();
  return (
    <div className={wide ? 'register' : 'register register--narrow'}>
      <div className="register__products">
        {wide || sheetShown ? null : alerts}
        {products}
      </div>
      {wide ? (
        sale
      ) : (
        <>
          <CartBar {...bar} />
          <SaleSheet isOpen={sheetShown} onClose={onCloseSheet}>
            {sale}
          </SaleSheet>
        </>
      )}
      {children}
    </div>
  );
}
