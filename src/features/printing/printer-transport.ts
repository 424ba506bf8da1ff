// How bytes reach a receipt printer (issue 19): one small port, with adapters for WebUSB, Web Serial and
// Web Bluetooth (point-of-sale-transport.ts), the virtual printer (virtual-printer.ts) and an in-memory twin
// for tests (memory-transport.ts). A transport that cannot print throws PrinterUnavailable with a reason; the
// till turns the reason into words a cashier understands (printerProblem) and never into a lost sale.
import { t } from '@lingui/core/macro';
import type { PrinterLanguage } from './printer-models';
import type { PrinterHealth } from './printer-status';

export type TransportKind = 'usb' | 'serial' | 'bluetooth' | 'virtual';

/** What the browser lets us keep to find the same printer again after a reload (no secrets, no handles). */
export type RememberedDevice = Readonly<Record<string, string | number | null>>;

export interface ConnectedPrinter {
  /** "EPSON TM-T88VI", "Serial port", "Virtual printer". */
  name: string;
  remembered: RememberedDevice;
  /** The language the printer reported, when it did (WebUSB and Web Bluetooth know some models). */
  language: PrinterLanguage | null;
}

export type PrinterProblem =
  'not_connected' | 'not_chosen' | 'unsupported' | 'failed' | Exclude<PrinterHealth, 'ready'>;

export class PrinterUnavailable extends Error {
  constructor(
    readonly problem: PrinterProblem,
    message?: string,
  ) {
    super(message ?? problem);
    this.name = 'PrinterUnavailable';
  }
}

export interface PrinterTransport {
  readonly kind: TransportKind;
  /** Asks the person to pick a printer: call it from a tap or a click. */
  connect(): Promise<ConnectedPrinter>;
  /** The remembered printer again without asking, where the browser allows; null where it cannot. */
  reconnect(remembered: RememberedDevice): Promise<ConnectedPrinter | null>;
  connected(): boolean;
  /** Sends the bytes; throws PrinterUnavailable when they cannot go. */
  print(bytes: Uint8Array): Promise<void>;
  disconnect(): Promise<void>;
  /** Told when the printer goes away (unplugged, switched off, out of range). */
  onDisconnect(listener: () => void): void;
  /**
   * The printer's real-time status (printer-status.ts), asked before a print; null where this transport
   * cannot read the printer's answers, or none came.
   */
  status?(language: PrinterLanguage): Promise<PrinterHealth | null>;
}

/** What a cashier reads when a print did not go. */
export function printerProblem(error: unknown): string {
  const problem = error instanceof PrinterUnavailable ? error.problem : 'failed';
  switch (problem) {
    case 'not_connected':
      return t`The printer is not connected: check that it is switched on, plugged in and has paper.`;
    case 'not_chosen':
      return t`No printer was chosen.`;
    case 'unsupported':
      return error instanceof Error ? error.message : t`This browser cannot reach that kind of printer.`;
    case 'paper_out':
      return t`The printer is out of paper. Put in a new roll, then press 'Print again'.`;
    case 'cover_open':
      return t`The printer's cover is open. Close it, then press 'Print again'.`;
    case 'offline':
      return t`The printer is offline: check it for jammed paper or a blinking light, then press 'Print again'.`;
    case 'failed': {
      const detail = error instanceof Error ? error.message : '';
      return detail
        ? t`The printer did not take the receipt (${detail}): check its paper and cable.`
        : t`The printer did not take the receipt: check its paper and cable.`;
    }
  }
}
