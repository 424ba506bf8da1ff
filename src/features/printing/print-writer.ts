// A thin layer over @point-of-sale/receipt-printer-encoder that lays out a receipt's kinds of lines — a
// centred heading, a label with its amount on the right, a rule — in the printer's columns, so the receipt,
// the refund and the X/Z reports are written the same way. Characters the printer's code page lacks are
// swapped for plain ones first (Intl's spaces, the minus sign), so nothing prints as '?'.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { fitLogo, type LogoBitmap } from './logo-image';
import { columnsFor, imageModeOf, printableDots, printerModel, type PaperWidth } from './printer-models';

export interface PrinterProfile {
  /** An id of PRINTER_MODELS. */
  model: string;
  width: PaperWidth;
}

const PLAIN: Readonly<Record<string, string>> = {
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2212': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '...',
  // A card's or gift card's hidden digits ('••••0001'): cp858 has no bullet.
  '\u2022': '*',
};

export function plain(text: string): string {
  return text.replace(
    /[\u00a0\u202f\u2009\u2212\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022]/g,
    (c) => PLAIN[c] ?? c,
  );
}

/** cp858 is Western European with the euro sign; every model in printer-models.ts has it. */
const CODEPAGE = 'cp858';

export class PrintWriter {
  readonly columns: number;
  readonly encoder: ReceiptPrinterEncoder;
  private readonly dots: number;

  constructor(profile: PrinterProfile) {
    const model = printerModel(profile.model);
    this.columns = columnsFor(profile.width);
    this.dots = printableDots(profile.width);
    this.encoder = new ReceiptPrinterEncoder({
      printerModel: model.id,
      columns: this.columns,
      imageMode: imageModeOf(model),
      feedBeforeCut: 4,
    });
    this.encoder.initialize().codepage(CODEPAGE);
  }

  /** A line in the middle of the paper; long ones wrap. */
  center(text: string, style: { bold?: boolean; big?: boolean } = {}): this {
    const encoder = this.encoder.align('center');
    if (style.bold) encoder.bold(true);
    if (style.big) encoder.size(2, 2);
    encoder.line(plain(text));
    if (style.big) encoder.size(1, 1);
    if (style.bold) encoder.bold(false);
    encoder.align('left');
    return this;
  }

  line(text: string): this {
    this.encoder.line(plain(text));
    return this;
  }

  /** A label on the left and its amount on the right; a label too long for both goes on its own line. */
  pair(label: string, value: string, style: { bold?: boolean } = {}): this {
    const left = plain(label);
    const right = plain(value);
    if (style.bold) this.encoder.bold(true);
    if (left.length + 1 + right.length > this.columns) {
      this.encoder.line(left);
      this.encoder.line(right.padStart(this.columns));
    } else {
      this.encoder.line(left + right.padStart(this.columns - left.length));
    }
    if (style.bold) this.encoder.bold(false);
    return this;
  }

  rule(): this {
    this.encoder.line('-'.repeat(this.columns));
    return this;
  }

  blank(): this {
    this.encoder.newline();
    return this;
  }

  /** The receipt number as a barcode (CODE 128), or as a QR code, centred with its text. */
  code(value: string, kind: 'barcode' | 'qr'): this {
    this.encoder.align('center');
    if (kind === 'qr') this.encoder.qrcode(value, { size: 6 }).newline();
    else this.encoder.barcode(value, 'code128', { height: 60, text: true });
    this.encoder.align('left');
    return this;
  }

  /**
   * The shop's logo, centred, dithered (Atkinson keeps a logo's flat areas clean). It was scaled for the paper
   * it was chosen on; on narrower paper it is scaled again to fit, its sides multiples of 8 dots.
   */
  logo(image: LogoBitmap): this {
    const size = fitLogo(image.width, image.height, Math.min(this.dots, image.width));
    // A plain object: the encoder reads { width, height, data } the same in a browser and in Node.
    const pixels = { width: image.width, height: image.height, data: image.data };
    this.encoder.align('center').image(pixels, size.width, size.height, 'atkinson').align('left');
    return this;
  }

  /** Opens the cash drawer on the printer's kick port (pin 2, the usual one). */
  kick(): this {
    this.encoder.pulse();
    return this;
  }

  bytes(cut: boolean): Uint8Array {
    if (cut) this.encoder.cut();
    return this.encoder.encode();
  }
}
