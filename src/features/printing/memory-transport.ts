// The in-memory twin of a printer transport (issue 19), for tests: it keeps what it was sent, can be
// switched off or unplugged to see what the till does then, and answers status queries as a printer out of
// paper or with its cover open would (or, `readable` off, like a transport that cannot read).
import type { PrinterLanguage } from './printer-models';
import { readStatus, statusAnswer, statusQuery, type PrinterHealth } from './printer-status';
import {
  PrinterUnavailable,
  type ConnectedPrinter,
  type PrinterTransport,
  type RememberedDevice,
  type TransportKind,
} from './printer-transport';

export class MemoryTransport implements PrinterTransport {
  readonly printed: Uint8Array[] = [];
  /** A printer that is off, or that nobody plugged in, cannot be reached. */
  power: 'on' | 'off' = 'on';
  /** What the printer would answer a status query. */
  health: PrinterHealth = 'ready';
  /** Off: like Bluetooth without notify, the printer's answers never reach the page. */
  readable = true;
  /** The status queries the till sent, apart from the prints. */
  readonly queries: Uint8Array[] = [];
  private isConnected = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly kind: TransportKind = 'usb',
    private readonly device: ConnectedPrinter = {
      name: 'Test printer',
      remembered: { serialNumber: 'TEST-1' },
      language: null,
    },
  ) {}

  connect(): Promise<ConnectedPrinter> {
    if (this.power === 'off') return Promise.reject(new PrinterUnavailable('not_chosen'));
    this.isConnected = true;
    return Promise.resolve(this.device);
  }

  reconnect(remembered: RememberedDevice): Promise<ConnectedPrinter | null> {
    const same = remembered.serialNumber === this.device.remembered.serialNumber;
    if (this.power === 'off' || !same) return Promise.resolve(null);
    this.isConnected = true;
    return Promise.resolve(this.device);
  }

  connected(): boolean {
    return this.isConnected;
  }

  print(bytes: Uint8Array): Promise<void> {
    if (!this.isConnected || this.power === 'off')
      return Promise.reject(new PrinterUnavailable('not_connected'));
    this.printed.push(bytes);
    return Promise.resolve();
  }

  /** Answers the query the way the firmware would, and reads the answer back as the real transport does. */
  status(language: PrinterLanguage): Promise<PrinterHealth | null> {
    if (!this.readable || !this.isConnected) return Promise.resolve(null);
    this.queries.push(statusQuery(language));
    return Promise.resolve(readStatus(language, statusAnswer(language, this.health)));
  }

  disconnect(): Promise<void> {
    this.isConnected = false;
    return Promise.resolve();
  }

  onDisconnect(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** The cable comes out: the printer is gone until connected again. */
  unplug(): void {
    this.isConnected = false;
    this.power = 'off';
    for (const listener of this.listeners) listener();
  }

  plugIn(): void {
    this.power = 'on';
  }
}
