// The 'Virtual printer' (issue 19): a transport with no paper. It keeps what it was sent, and the panel
// labelled 'Printer output' (virtual-printer-panel.tsx) shows it decoded from those very bytes — for setting
// a till up without a printer, for support, and for the browser tests, which read the receipt and the drawer
// kick there. It is the page's: a reload starts with an empty roll.
import type { PrinterLanguage } from './printer-models';
import type { ConnectedPrinter, PrinterTransport } from './printer-transport';

export interface PrintJob {
  id: number;
  bytes: Uint8Array;
  language: PrinterLanguage;
}

/** The roll the virtual printer prints on: the newest jobs, a few dozen at most. */
export class VirtualRoll {
  private jobs: readonly PrintJob[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  add(bytes: Uint8Array, language: PrinterLanguage): void {
    this.jobs = [...this.jobs, { id: this.nextId, bytes, language }].slice(-40);
    this.nextId += 1;
    for (const listener of this.listeners) listener();
  }

  clear(): void {
    this.jobs = [];
    for (const listener of this.listeners) listener();
  }

  get = (): readonly PrintJob[] => this.jobs;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}

export const virtualRoll = new VirtualRoll();

const DEVICE: ConnectedPrinter = { name: 'Virtual printer', remembered: { virtual: 1 }, language: null };

export class VirtualTransport implements PrinterTransport {
  readonly kind = 'virtual';
  private isConnected = false;

  /** `language()` is the chosen model's, so the roll decodes the bytes as that printer would read them. */
  constructor(
    private readonly roll: VirtualRoll,
    private readonly language: () => PrinterLanguage,
  ) {}

  connect(): Promise<ConnectedPrinter> {
    this.isConnected = true;
    return Promise.resolve(DEVICE);
  }

  reconnect(): Promise<ConnectedPrinter | null> {
    return this.connect();
  }

  connected(): boolean {
    return this.isConnected;
  }

  print(bytes: Uint8Array): Promise<void> {
    this.roll.add(bytes, this.language());
    return Promise.resolve();
  }

  disconnect(): Promise<void> {
    this.isConnected = false;
    return Promise.resolve();
  }

  onDisconnect(): void {
    // A virtual printer never goes away.
  }
}
