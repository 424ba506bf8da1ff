// The in-memory twin of a printer transport (issue 19), for tests: it keeps what it was sent, and can be
// switched off or unplugged to see what the till does then.
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
