// The till's printer (issue 19): what the register, the shifts screen and Settings → This till → Printer
// ask for — print this receipt, open the drawer, print a test page or a report — whatever transport and
// model the device has. It is the page's one printer, like the till session. The encoder and the transports
// are loaded on the first print, so none of them weighs on the register's first screen. Printing never
// throws: it answers ok or a message in words, and the caller keeps its sale either way.
import { t } from '@lingui/core/macro';
import type { ReceiptDoc } from '../../domain/receipt-doc';
import type { TaxMode } from '../../domain/tax';
import { printerModel, type PrinterLanguage } from './printer-models';
import {
  deviceStorage,
  readPrinterSettings,
  writePrinterSettings,
  type PrinterSettings,
  type SettingsStorage,
} from './printer-settings';
import {
  PrinterUnavailable,
  printerProblem,
  type PrinterTransport,
  type TransportKind,
} from './printer-transport';
import { browserImageTools, type LogoBitmap } from './logo-image';
import type * as EncodingModule from './receipt-encoding';
import type { ReportLook, ShiftReportPrint } from './receipt-encoding';
import type { PrintOutcome } from '../../ui/print-job';

export type { PrintOutcome };

/** How the shop's amounts and times read: what the screen already knows. */
export interface ReceiptLook {
  currency: string;
  taxMode: TaxMode;
  when: (iso: string) => string;
}

export type PrinterState =
  { kind: 'none' } | { kind: 'not_connected'; message: string | null } | { kind: 'connected'; name: string };

type Encoding = typeof EncodingModule;
/** A job's bytes, one array per paper (copies), from the encoder once it is loaded. */
type Encode = (encoding: Encoding) => Uint8Array[] | Promise<Uint8Array[]>;

export interface TillPrinterDeps {
  storage: SettingsStorage | null;
  /** A transport of that kind; `language` is the chosen model's (the virtual printer decodes with it). */
  transport: (kind: TransportKind, language: () => PrinterLanguage) => Promise<PrinterTransport>;
  encoding?: () => Promise<Encoding>;
  /** A stored logo's pixels (the browser's canvas by default; tests give their own). */
  logoPixels?: (dataUrl: string) => Promise<LogoBitmap | null>;
}

/** A print that follows a tap may ask for the printer again (Web Bluetooth's one tap after a reload). */
interface SendOptions {
  gesture: boolean;
}

export class TillPrinter {
  private current: PrinterSettings;
  private transport: PrinterTransport | null = null;
  private state: PrinterState;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private readonly encoding: () => Promise<Encoding>;
  /** The logo's pixels, decoded once per logo. */
  private logoCache: { dataUrl: string; pixels: Promise<LogoBitmap | null> } | null = null;

  constructor(private readonly deps: TillPrinterDeps) {
    this.current = readPrinterSettings(deps.storage);
    this.state =
      this.current.transport === null ? { kind: 'none' } : { kind: 'not_connected', message: null };
    this.encoding = deps.encoding ?? (() => import('./receipt-encoding'));
  }

  settings = (): PrinterSettings => this.current;
  status = (): PrinterState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** A printer is set on this device: without one, receipts print through the browser's dialog. */
  isSet = (): boolean => this.current.transport !== null;

  /** Model, paper, automatic printing, copies, drawer, logo: saved on the device at once. */
  update(patch: Partial<Omit<PrinterSettings, 'transport' | 'device' | 'deviceName'>>): void {
    this.current = { ...this.current, ...patch };
    writePrinterSettings(this.deps.storage, this.current);
    this.notify();
  }

  /** Connects a printer of this kind from a tap (the browser asks which) and remembers it. */
  async choose(kind: TransportKind): Promise<PrintOutcome> {
    try {
      const transport = await this.transportOf(kind);
      const device = await transport.connect();
      this.current = { ...this.current, transport: kind, device: device.remembered, deviceName: device.name };
      writePrinterSettings(this.deps.storage, this.current);
      this.setState({ kind: 'connected', name: device.name });
      return { ok: true };
    } catch (error) {
      return { ok: false, message: printerProblem(error) };
    }
  }

  /** The remembered printer again, without asking, where the browser allows (after a reload). */
  async reconnect(): Promise<void> {
    const { transport: kind, device } = this.current;
    if (kind === null || device === null) return;
    if (this.transport?.kind === kind && this.transport.connected()) return;
    try {
      const transport = await this.transportOf(kind);
      const found = await transport.reconnect(device);
      if (found) this.setState({ kind: 'connected', name: found.name });
    } catch (error) {
      this.setState({ kind: 'not_connected', message: printerProblem(error) });
    }
  }

  /** No printer on this till any more: receipts go back to the browser's print dialog. */
  async forget(): Promise<void> {
    const transport = this.transport;
    this.transport = null;
    this.current = { ...this.current, transport: null, device: null, deviceName: null };
    writePrinterSettings(this.deps.storage, this.current);
    this.setState({ kind: 'none' });
    await transport?.disconnect().catch(() => undefined);
  }

  /**
   * A receipt. After a sale, as the settings say: the copies, with the drawer kick first on a cash sale —
   * or the kick alone when receipts are not printed automatically. Otherwise one copy ('Print', 'Print
   * again').
   */
  printReceipt(
    doc: ReceiptDoc,
    look: ReceiptLook,
    options: { afterSale: boolean; cash: boolean; gesture: boolean; copy?: boolean },
  ): Promise<PrintOutcome> {
    const settings = this.current;
    const kick = options.afterSale && options.cash && settings.openDrawerOnCash;
    if (options.afterSale && !settings.autoPrint) {
      return kick ? this.openDrawer({ gesture: options.gesture }) : Promise.resolve({ ok: true });
    }
    return this.send(options, async (encoding) => {
      const profile = { model: settings.model, width: settings.width };
      const printLook = { ...look, code: settings.code, logo: await this.logo() };
      const copies = options.afterSale ? settings.copies : 1;
      return Array.from({ length: copies }, (_, copy) =>
        encoding.encodeReceipt(doc, printLook, profile, {
          openDrawer: kick && copy === 0,
          copy: options.copy ?? false,
        }),
      );
    });
  }

  /** 'No sale', or a cash sale without an automatic receipt: the kick alone. */
  openDrawer(options: SendOptions): Promise<PrintOutcome> {
    const profile = { model: this.current.model, width: this.current.width };
    return this.send(options, (encoding) => [encoding.encodeDrawerKick(profile)]);
  }

  printTestPage(): Promise<PrintOutcome> {
    const profile = { model: this.current.model, width: this.current.width };
    return this.send({ gesture: true }, (encoding) => [
      encoding.encodeTestPage(profile, { code: this.current.code }),
    ]);
  }

  /** An X or Z report from the shifts screen (always after a tap). */
  printShiftReport(print: ShiftReportPrint, look: ReportLook): Promise<PrintOutcome> {
    const profile = { model: this.current.model, width: this.current.width };
    return this.send({ gesture: true }, async (encoding) => [
      encoding.encodeShiftReport(print, { ...look, logo: await this.logo() }, profile),
    ]);
  }

  /** The device's logo as pixels; a logo that no longer decodes prints as none rather than failing. */
  private logo(): Promise<LogoBitmap | null> {
    const stored = this.current.logo;
    if (stored === null) return Promise.resolve(null);
    if (this.logoCache?.dataUrl !== stored.dataUrl) {
      const read = this.deps.logoPixels ?? browserImageTools.pixels;
      this.logoCache = { dataUrl: stored.dataUrl, pixels: read(stored.dataUrl).catch(() => null) };
    }
    return this.logoCache.pixels;
  }

  /** One job at a time, in order: two receipts never interleave on the paper. */
  private send(options: SendOptions, encode: Encode): Promise<PrintOutcome> {
    const job = this.queue.then(() => this.run(options, encode));
    this.queue = job;
    return job;
  }

  private async run(options: SendOptions, encode: Encode): Promise<PrintOutcome> {
    const kind = this.current.transport;
    if (kind === null)
      return { ok: false, message: t`No printer is set on this till (Settings → This till).` };
    try {
      const transport = await this.ready(kind, options);
      // Out of paper or with its cover open, a printer takes the bytes and prints nothing: ask it first.
      const health = await transport.status?.(printerModel(this.current.model).language);
      if (health && health !== 'ready') throw new PrinterUnavailable(health);
      for (const bytes of await encode(await this.encoding())) await transport.print(bytes);
      if (this.state.kind !== 'connected')
        this.setState({ kind: 'connected', name: this.current.deviceName ?? 'printer' });
      return { ok: true };
    } catch (error) {
      const message = printerProblem(error);
      // Out of paper or open, the printer is still there: only a printer that could not be reached is not.
      if (!isHealthProblem(error)) this.setState({ kind: 'not_connected', message });
      return { ok: false, message };
    }
  }

  /** The connected transport: reconnected without asking when it can be, or, after a tap, asked for. */
  private async ready(kind: TransportKind, options: SendOptions): Promise<PrinterTransport> {
    const transport = await this.transportOf(kind);
    if (transport.connected()) return transport;
    const remembered = this.current.device;
    const found = remembered ? await transport.reconnect(remembered) : null;
    if (found) return transport;
    if (options.gesture) {
      const device = await transport.connect();
      this.current = { ...this.current, device: device.remembered, deviceName: device.name };
      writePrinterSettings(this.deps.storage, this.current);
      return transport;
    }
    throw new PrinterUnavailable('not_connected');
  }

  private async transportOf(kind: TransportKind): Promise<PrinterTransport> {
    if (this.transport?.kind === kind) return this.transport;
    const transport = await this.deps.transport(kind, () => printerModel(this.current.model).language);
    transport.onDisconnect(() => {
      if (this.transport === transport) {
        this.setState({ kind: 'not_connected', message: t`The printer was disconnected.` });
      }
    });
    this.transport = transport;
    return transport;
  }

  private setState(state: PrinterState): void {
    this.state = state;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

function isHealthProblem(error: unknown): boolean {
  return (
    error instanceof PrinterUnavailable && ['paper_out', 'cover_open', 'offline'].includes(error.problem)
  );
}

/** The app's transports, each loaded when first used. */
async function appTransport(kind: TransportKind, language: () => PrinterLanguage): Promise<PrinterTransport> {
  if (kind === 'virtual') {
    const { VirtualTransport, virtualRoll } = await import('./virtual-printer');
    return new VirtualTransport(virtualRoll, language);
  }
  const { PointOfSaleTransport } = await import('./point-of-sale-transport');
  return new PointOfSaleTransport(kind);
}

/** The page's one printer. */
export const tillPrinter = new TillPrinter({ storage: deviceStorage(), transport: appTransport });
