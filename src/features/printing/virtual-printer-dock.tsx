// The virtual printer's paper at the register (issue 19): folded behind a small 'Printer output' toggle
// (virtual-printer-fold.tsx, issue 34) while this device prints to the virtual printer, and nothing
// otherwise. It also reconnects the device's real printer once the register opens, without a prompt where
// the browser allows.
import { lazy, Suspense, useEffect } from 'react';
import type { TillPrinter } from './till-printer';
import { useTillPrinter } from './use-till-printer';
import './printing.css';

const VirtualPrinterFold = lazy(() => import('./virtual-printer-fold'));

export function VirtualPrinterDock({ printer }: { printer: TillPrinter }) {
  const { settings } = useTillPrinter(printer);
  useEffect(() => {
    void printer.reconnect();
  }, [printer]);
  if (settings.transport !== 'virtual') return null;
  return (
    <Suspense fallback={null}>
      <VirtualPrinterFold />
    </Suspense>
  );
}
