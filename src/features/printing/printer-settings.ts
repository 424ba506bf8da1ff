// This device's printer (issue 19): which transport and printer, the model and paper, and what happens
// after a sale. It belongs to the device, like the receipt width (receipt-print.ts), not to a user or the
// shop, so it lives in localStorage: read synchronously, so the register knows at once whether a printer is
// set, and kept across reloads and sign-ins. Storage blocked by policy means nothing is remembered.
import { DEFAULT_MODEL_ID, PRINTER_MODELS, type PaperWidth } from './printer-models';
import type { RememberedDevice, TransportKind } from './printer-transport';
import type { StoredLogo } from './logo-image';

export interface PrinterSettings {
  /** null: no printer on this till; 'Print' opens the browser's print dialog as before. */
  transport: TransportKind | null;
  /** The printer to reconnect to; null until one was chosen. */
  device: RememberedDevice | null;
  deviceName: string | null;
  model: string;
  width: PaperWidth;
  autoPrint: boolean;
  /** Receipts printed after each sale (1–3). */
  copies: number;
  openDrawerOnCash: boolean;
  code: 'barcode' | 'qr';
  /** The receipt logo, as it prints (logo-image.ts); null: none. */
  logo: StoredLogo | null;
}

export const PRINTER_SETTINGS_KEY = 'tillpoint.printer';

export const NO_PRINTER: PrinterSettings = {
  transport: null,
  device: null,
  deviceName: null,
  model: DEFAULT_MODEL_ID,
  width: 80,
  autoPrint: true,
  copies: 1,
  openDrawerOnCash: true,
  code: 'barcode',
  logo: null,
};

const KINDS: readonly TransportKind[] = ['usb', 'serial', 'bluetooth', 'virtual'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rememberedOf(value: unknown): RememberedDevice | null {
  if (!isRecord(value)) return null;
  const entries = Object.entries(value).filter(
    ([, field]) => typeof field === 'string' || typeof field === 'number' || field === null,
  );
  return Object.fromEntries(entries) as RememberedDevice;
}

const side = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value % 8 === 0;

function logoOf(value: unknown): StoredLogo | null {
  if (!isRecord(value)) return null;
  const { dataUrl, width, height } = value;
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith('data:image/png;base64,')) return null;
  return side(width) && side(height) ? { dataUrl, width, height } : null;
}

/** Whatever was stored, a valid setting: unknown or damaged fields fall back to the defaults. */
export function parsePrinterSettings(raw: string | null): PrinterSettings {
  let value: unknown = null;
  try {
    value = raw === null ? null : JSON.parse(raw);
  } catch {
    value = null;
  }
  if (!isRecord(value)) return NO_PRINTER;
  const d = NO_PRINTER;
  const copies = typeof value.copies === 'number' && Number.isInteger(value.copies) ? value.copies : d.copies;
  return {
    transport: KINDS.find((kind) => kind === value.transport) ?? null,
    device: rememberedOf(value.device),
    deviceName: typeof value.deviceName === 'string' ? value.deviceName : null,
    model: PRINTER_MODELS.some((model) => model.id === value.model) ? (value.model as string) : d.model,
    width: value.width === 58 ? 58 : 80,
    autoPrint: typeof value.autoPrint === 'boolean' ? value.autoPrint : d.autoPrint,
    copies: Math.min(3, Math.max(1, copies)),
    openDrawerOnCash:
      typeof value.openDrawerOnCash === 'boolean' ? value.openDrawerOnCash : d.openDrawerOnCash,
    code: value.code === 'qr' ? 'qr' : 'barcode',
    logo: logoOf(value.logo),
  };
}

export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readPrinterSettings(storage: SettingsStorage | null): PrinterSettings {
  try {
    return parsePrinterSettings(storage?.getItem(PRINTER_SETTINGS_KEY) ?? null);
  } catch {
    return NO_PRINTER;
  }
}

export function writePrinterSettings(storage: SettingsStorage | null, settings: PrinterSettings): void {
  try {
    storage?.setItem(PRINTER_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Not remembered after a reload, but this page prints with it.
  }
}

/** The device's localStorage, or null where the page may not use it. */
export function deviceStorage(): SettingsStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
