// The virtual printer's paper at the register (issue 19): a small panel in a corner of the counter while
// this device prints to the virtual printer, and nothing otherwise. It also reconnects the device's real
// printer once the register opens, without a prompt where the browser allows.
import { lazy, Suspense, useEffect } from 'react';
import type { TillPrinter } from './till-printer';
import { useTillPrinter } from './use-till-printer';
import './printing.css';

const VirtualPrinterPanel = lazy(() => import('./virtual-printer-panel'));

export function VirtualPrinterDock({ printer }: { printer: TillPrinter }) {
  const { settings } = useTillPrinter(printer);
  useEffect(() => {
    void printer.reconnect();
  }, [printer]);
  if (settings.transport !== 'virtual') return null;
  return (
    <div className="virtual-printer-dock">
      <Suspense fallback={null}>
        <VirtualPrinterPanel />
      </Suspense>
    </div>
  );
}
