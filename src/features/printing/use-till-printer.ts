// A screen's view of the till's printer: its settings and its state, re-read whenever either changes.
import { useSyncExternalStore } from 'react';
import type { PrinterSettings } from './printer-settings';
import type { PrinterState, TillPrinter } from './till-printer';

export function useTillPrinter(printer: TillPrinter): { settings: PrinterSettings; state: PrinterState } {
  const settings = useSyncExternalStore(printer.subscribe, printer.settings);
  const state = useSyncExternalStore(printer.subscribe, printer.status);
  return { settings, state };
}
