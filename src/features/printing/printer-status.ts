// What a receipt printer says about itself before a print (issue 19): out of paper, cover open, offline.
// Asked in real time where the transport can read the printer's answers (USB with an IN endpoint, serial,
// Bluetooth with a notify characteristic); elsewhere nothing is asked and printing goes on as before.
// - ESC/POS: DLE EOT 1 (printer status) and DLE EOT 2 (offline cause), one byte each, shaped 0xx1xx10.
// - Star (StarPRNT and StarLine): ESC ACK SOH asks for the Automatic Status Back (ASB): status 1 (its third
//   byte) has the cover (bit 5) and offline (bit 3), status 5 (its seventh) the empty roll (bit 3).
// Checked against Epson's and Star's command references, not yet against a printer on this bench.
import type { PrinterLanguage } from './printer-models';

export type PrinterHealth = 'ready' | 'paper_out' | 'cover_open' | 'offline';

const DLE = 0x10;
const EOT = 0x04;
const ESC = 0x1b;
const ACK = 0x06;
const SOH = 0x01;

/** The bytes that ask the printer how it is. */
export function statusQuery(language: PrinterLanguage): Uint8Array {
  return language === 'esc-pos'
    ? new Uint8Array([DLE, EOT, 1, DLE, EOT, 2])
    : new Uint8Array([ESC, ACK, SOH]);
}

/** The length a Star ASB says it has: bits 1–3 and 5 of its first byte. */
function asbLength(first: number): number {
  return ((first >> 1) & 0x07) + ((first >> 2) & 0x08);
}

/** The printer's answer so far read as its health; null while it is not a whole answer. */
export function readStatus(language: PrinterLanguage, bytes: Uint8Array): PrinterHealth | null {
  if (language === 'esc-pos') {
    const [printer, cause] = bytes.subarray(-2);
    if (printer === undefined || cause === undefined) return null;
    if ((printer & 0x93) !== 0x12 || (cause & 0x93) !== 0x12) return null;
    if (cause & 0x04) return 'cover_open';
    if (cause & 0x20) return 'paper_out';
    return printer & 0x08 || cause & 0x40 ? 'offline' : 'ready';
  }
  const first = bytes[0];
  if (first === undefined || bytes.length < Math.max(7, asbLength(first))) return null;
  const status1 = bytes[2] ?? 0;
  const status5 = bytes[6] ?? 0;
  if (status1 & 0x20) return 'cover_open';
  if (status5 & 0x08) return 'paper_out';
  return status1 & 0x08 ? 'offline' : 'ready';
}

/** What a printer of that language answers when it is in that state: the in-memory twin's firmware. */
export function statusAnswer(language: PrinterLanguage, health: PrinterHealth): Uint8Array {
  if (language === 'esc-pos') {
    const printer = 0x12 | (health === 'ready' ? 0 : 0x08);
    const cause = 0x12 | { ready: 0, cover_open: 0x04 | 0x20, paper_out: 0x20, offline: 0x40 }[health];
    return new Uint8Array([printer, cause]);
  }
  // Nine bytes (StarPRNT's ASB): length 9 in the first byte's bits.
  const asb = new Uint8Array([0x23, 0x86, 0, 0, 0, 0, 0, 0, 0]);
  asb[2] = { ready: 0, cover_open: 0x20 | 0x08, paper_out: 0x08, offline: 0x08 }[health];
  asb[6] = health === 'paper_out' ? 0x08 : 0;
  return asb;
}
