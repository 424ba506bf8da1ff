// What the register's stock buttons share ('Receive stock', 'Send transfer', 'Count stock'): each is shown only
// to whom [PUR-T1] allows, and opens its screen, loaded on demand, over the register.
import { useEffect, useState, type ReactNode } from 'react';
import { LazyPart } from '../../../ui/lazy-part';
import type { RegisterStock } from './register-stock';

/** Whether the person at the counter may use a stock screen; asked again when someone else unlocks the till. */
export function useMayHere(stock: RegisterStock, may: (stock: RegisterStock) => Promise<boolean>): boolean {
  const [allowed, setAllowed] = useState(false);
  const role = stock.counterRole();
  useEffect(() => {
    let live = true;
    void may(stock).then((yes) => {
      if (live) setAllowed(yes);
    });
    return () => {
      live = false;
    };
  }, [stock, may, role]);
  return allowed;
}

export interface StockDialogButtonProps {
  label: string;
  /** The screen, given the function that closes it. */
  children: (close: () => void) => ReactNode;
}

export function StockDialogButton({ label, children }: StockDialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          setOpen(true);
        }}
      >
        {label}
      </button>
      {open ? (
        <LazyPart what={label}>
          {children(() => {
            setOpen(false);
          })}
        </LazyPart>
      ) : null}
    </>
  );
}
