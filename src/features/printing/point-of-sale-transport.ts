// WebUSB, Web Serial and Web Bluetooth receipt printers through the @point-of-sale transports (issue 19).
// Loaded only when a printer is set: each library is a few KB, but none belongs on the register's first
// screen. What their READMEs and trackers say, and what this adapter does about it:
// - connect() and print() never throw; they log. So 'connected' and 'disconnected' events are what tell us
//   the state, and printing to a printer that went away is refused here, in words, before the bytes vanish.
// - Events fire on a later task (setTimeout 0): after connect() resolves we wait one task before reading.
// - Windows printer drivers hold the USB interface: there, print over the driver's virtual COM port with
//   Web Serial (not with Star's, which WebSerialReceiptPrinter's README says does not work).
// - Web Bluetooth is Bluetooth Low Energy only, and reconnecting without a prompt is still behind a flag:
//   after a reload it takes one tap. Bluetooth Classic printers pair with the system and print over Web
//   Serial (RFCOMM) instead.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PrinterLanguage } from './printer-models';
import { readStatus, statusQuery, type PrinterHealth } from './printer-status';
import {
  PrinterUnavailable,
  type ConnectedPrinter,
  type PrinterTransport,
  type RememberedDevice,
} from './printer-transport';

type LibraryKind = 'usb' | 'serial' | 'bluetooth';

const LANGUAGES: readonly PrinterLanguage[] = ['esc-pos', 'star-prnt', 'star-line'];

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function id(value: unknown): string | number | null {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** What to remember and what to call the printer, from the library's 'connected' event. */
function describe(kind: LibraryKind, device: PointOfSaleConnectedDevice): ConnectedPrinter {
  const language = LANGUAGES.find((candidate) => candidate === device.language) ?? null;
  switch (kind) {
    case 'usb':
      return {
        name:
          [text(device.manufacturerName), text(device.productName)].filter(Boolean).join(' ') ||
          'USB printer',
        remembered: {
          serialNumber: id(device.serialNumber),
          vendorId: id(device.vendorId),
          productId: id(device.productId),
        },
        language,
      };
    case 'serial':
      return {
        name: 'Serial printer',
        remembered: { vendorId: id(device.vendorId), productId: id(device.productId) },
        language,
      };
    case 'bluetooth':
      return {
        name: text(device.name) ?? 'Bluetooth printer',
        remembered: { id: id(device.id), name: id(device.name) },
        language,
      };
  }
}

// Descriptors: said in the person's language when the connect fails (issue 35).
const SUPPORT: Readonly<
  Record<LibraryKind, { api: 'usb' | 'serial' | 'bluetooth'; message: MessageDescriptor }>
> = {
  usb: {
    api: 'usb',
    message: msg`This browser cannot reach USB printers: use Chrome or Edge on a computer or Android.`,
  },
  serial: {
    api: 'serial',
    message: msg`This browser cannot reach serial printers: use Chrome or Edge on a computer.`,
  },
  bluetooth: {
    api: 'bluetooth',
    message: msg`This browser cannot reach Bluetooth printers: use Chrome or Edge.`,
  },
};

async function loadLibrary(kind: LibraryKind): Promise<PointOfSalePrinter> {
  switch (kind) {
    case 'usb':
      return new (await import('@point-of-sale/webusb-receipt-printer')).default();
    case 'serial':
      return new (await import('@point-of-sale/webserial-receipt-printer')).default({ baudRate: 9600 });
    case 'bluetooth':
      return new (await import('@point-of-sale/webbluetooth-receipt-printer')).default();
  }
}

/** How long a printer has to answer a status query before the print goes ahead without one. */
const STATUS_WAIT_MS = 700;

function bytesOf(data: DataView | Uint8Array): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** One task later: the libraries emit their events on a timer, after the promise we awaited. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class PointOfSaleTransport implements PrinterTransport {
  private library: PointOfSalePrinter | null = null;
  private device: ConnectedPrinter | null = null;
  private readonly listeners = new Set<() => void>();
  /** Whether the printer's answers reach us: asked once per connection (null: not yet). */
  private listening: boolean | null = null;
  private onData: ((bytes: Uint8Array) => void) | null = null;

  constructor(readonly kind: LibraryKind) {}

  private async printer(): Promise<PointOfSalePrinter> {
    if (this.library) return this.library;
    const { api, message } = SUPPORT[this.kind];
    if (typeof navigator === 'undefined' || !(api in navigator))
      throw new PrinterUnavailable('unsupported', i18n._(message));
    const library = await loadLibrary(this.kind);
    library.addEventListener('connected', (device) => {
      this.device = describe(this.kind, device);
    });
    library.addEventListener('data', (data) => {
      this.onData?.(bytesOf(data));
    });
    library.addEventListener('disconnected', () => {
      this.device = null;
      this.listening = null;
      for (const listener of this.listeners) listener();
    });
    this.library = library;
    return library;
  }

  async connect(): Promise<ConnectedPrinter> {
    const printer = await this.printer();
    this.device = null;
    await printer.connect();
    await nextTask();
    const device = this.connectedDevice();
    if (!device) throw new PrinterUnavailable('not_chosen');
    return device;
  }

  async reconnect(remembered: RememberedDevice): Promise<ConnectedPrinter | null> {
    const printer = await this.printer();
    try {
      await printer.reconnect({ ...remembered });
    } catch {
      // A printer that is off or gone is simply not reconnected; the settings say so.
      return null;
    }
    await nextTask();
    return this.device;
  }

  connected(): boolean {
    return this.device !== null;
  }

  /** Read through a method: the 'connected' listener sets it while connect() awaits. */
  private connectedDevice(): ConnectedPrinter | null {
    return this.device;
  }

  async print(bytes: Uint8Array): Promise<void> {
    if (!this.library || !this.device) throw new PrinterUnavailable('not_connected');
    try {
      await this.library.print(bytes);
    } catch (error) {
      throw new PrinterUnavailable('failed', error instanceof Error ? error.message : undefined);
    }
  }

  /**
   * Asks the printer how it is, where its answers can be read (a USB printer with an IN endpoint, serial,
   * Bluetooth with notify); null elsewhere, or when it does not answer in time — the print then goes ahead.
   */
  async status(language: PrinterLanguage): Promise<PrinterHealth | null> {
    const library = this.library;
    if (!library || !this.device) return null;
    this.listening ??= (await library.listen?.()) === true;
    if (!this.listening) return null;
    return new Promise((resolve) => {
      let received = new Uint8Array(0);
      const done = (health: PrinterHealth | null) => {
        clearTimeout(timer);
        this.onData = null;
        resolve(health);
      };
      const timer = setTimeout(() => {
        done(null);
      }, STATUS_WAIT_MS);
      this.onData = (bytes) => {
        received = new Uint8Array([...received, ...bytes]);
        const health = readStatus(language, received);
        if (health) done(health);
      };
      library.print(statusQuery(language)).catch(() => {
        done(null);
      });
    });
  }

  async disconnect(): Promise<void> {
    await this.library?.disconnect();
    this.device = null;
    this.listening = null;
  }

  onDisconnect(listener: () => void): void {
    this.listeners.add(listener);
  }
}
