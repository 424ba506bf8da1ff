// Reads a printer's bytes back into what the paper would show (issue 19): text lines, with markers where the
// printer does something else — [cut], [drawer kick], [barcode …], [qr …], [image w×h]. The virtual printer
// shows this, and the golden tests read receipts through it, so what they check is the bytes a real printer
// gets, not the document they came from. It knows the commands our encoder writes in ESC/POS and in Star's
// StarPRNT and StarLine; anything else shows as [? ESC x] rather than being guessed at.
import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';
import type { PrinterLanguage } from './printer-models';

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;
const CR = 0x0d;

/** The code pages our encoder selects, by the number each language's select command carries. */
const CODEPAGES: Readonly<Record<'esc-pos' | 'star', Readonly<Record<number, Codepage>>>> = {
  'esc-pos': { 0: 'cp437', 2: 'cp850', 19: 'cp858' },
  star: { 0: 'cp437', 1: 'cp437', 4: 'cp858', 5: 'cp852' },
};

const tables = new Map<Codepage, readonly number[]>();
function table(codepage: Codepage): readonly number[] {
  let codepoints = tables.get(codepage);
  if (!codepoints) {
    codepoints = CodepageEncoder.getCodepoints(codepage, true);
    tables.set(codepage, codepoints);
  }
  return codepoints;
}

const ESC_POS_BARCODES: Readonly<Record<number, string>> = {
  65: 'UPC-A',
  66: 'UPC-E',
  67: 'EAN13',
  68: 'EAN8',
  69: 'CODE39',
  70: 'ITF',
  71: 'CODABAR',
  72: 'CODE93',
  73: 'CODE128',
};
const STAR_BARCODES: Readonly<Record<number, string>> = {
  0: 'UPC-E',
  1: 'UPC-A',
  2: 'EAN8',
  3: 'EAN13',
  4: 'CODE39',
  5: 'ITF',
  6: 'CODE128',
  7: 'CODE93',
  8: 'NW-7',
};

class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  get done(): boolean {
    return this.at >= this.bytes.length;
  }
  next(): number {
    const byte = this.bytes[this.at];
    if (byte === undefined) throw new RangeError('The bytes end in the middle of a command.');
    this.at += 1;
    return byte;
  }
  skip(count: number): void {
    this.take(count);
  }
  take(count: number): Uint8Array {
    if (this.at + count > this.bytes.length)
      throw new RangeError('The bytes end in the middle of a command.');
    const slice = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return slice;
  }
  /** Bytes up to (not including) `end`, which is read too. */
  until(end: number): Uint8Array {
    const start = this.at;
    while (this.next() !== end) {
      /* read on */
    }
    return this.bytes.subarray(start, this.at - 1);
  }
  word(): number {
    return this.next() + this.next() * 256;
  }
}

class Paper {
  readonly lines: string[] = [];
  private current = '';
  private codepage: Codepage = 'cp437';
  /** A QR code's data is stored by one command and printed by the next. */
  qr = '';

  setCodepage(codepage: Codepage | undefined): void {
    if (codepage) this.codepage = codepage;
  }
  char(byte: number): void {
    this.afterMark = false;
    this.current +=
      byte < 0x80 ? String.fromCharCode(byte) : String.fromCodePoint(table(this.codepage)[byte] ?? 0x3f);
  }
  /** A marker's own line ends it: the line feed the encoder writes after a command prints no empty line. */
  private afterMark = false;

  newline(): void {
    if (this.afterMark && this.current === '') {
      this.afterMark = false;
      return;
    }
    this.lines.push(this.current.trimEnd());
    this.current = '';
  }
  /** A marker on a line of its own. */
  mark(text: string): void {
    if (this.current.trim() !== '') this.newline();
    this.current = '';
    this.lines.push(`[${text}]`);
    this.afterMark = true;
  }
  /** The picture being printed band by band (column images), while nothing else came after it. */
  private image: { index: number; width: number; height: number } | null = null;

  /** A band of a column image: bands one under the other make one [image w×h]. */
  band(width: number, height: number): void {
    const image = this.image;
    if (image?.index === this.lines.length - 1 && image.width === width && this.current === '') {
      image.height += height;
      this.lines[image.index] = `[image ${width}x${image.height}]`;
      this.afterMark = true;
      return;
    }
    this.mark(`image ${width}x${height}`);
    this.image = { index: this.lines.length - 1, width, height };
  }

  end(): string[] {
    if (this.current.trim() !== '') this.newline();
    return this.lines;
  }
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

function escPosCommand(read: Reader, paper: Paper, lead: number): void {
  const command = read.next();
  if (lead === FS) {
    if (command === 0x2e || command === 0x26) return; // kanji off / on
    paper.mark(`? FS ${command.toString(16)}`);
    return;
  }
  if (lead === ESC) {
    switch (command) {
      case 0x40: // initialize
        return;
      case 0x74:
        paper.setCodepage(CODEPAGES['esc-pos'][read.next()]);
        return;
      case 0x21: // print mode
      case 0x2d: // underline
      case 0x45: // bold
      case 0x47: // double strike
      case 0x4d: // font
      case 0x61: // align
      case 0x7b: // upside down
      case 0x33: // line spacing
      case 0x20: // character spacing
      case 0x52: // international set
        read.skip(1);
        return;
      case 0x32: // default line spacing
        return;
      case 0x64: {
        // feed n lines
        const count = read.next();
        for (let index = 0; index < count; index += 1) paper.newline();
        return;
      }
      case 0x4a: // feed n dots
        read.skip(1);
        paper.newline();
        return;
      case 0x70: // pulse: m t1 t2
        read.skip(3);
        paper.mark('drawer kick');
        return;
      case 0x2a: {
        // column image: m nL nH data (1 or 3 bytes per column, 8 or 24 dots high)
        const mode = read.next();
        const width = read.word();
        read.skip(mode >= 32 ? width * 3 : width);
        paper.band(width, mode >= 32 ? 24 : 8);
        return;
      }
      default:
        paper.mark(`? ESC ${command.toString(16)}`);
        return;
    }
  }
  switch (command) {
    case 0x21: // size
    case 0x42: // invert
    case 0x48: // barcode text position
    case 0x66: // barcode font
    case 0x68: // barcode height
    case 0x77: // barcode width
    case 0x62: // smoothing
      read.skip(1);
      return;
    case 0x56: {
      // cut: m, and n when m ≥ 65
      const mode = read.next();
      if (mode >= 65) read.skip(1);
      paper.mark('cut');
      return;
    }
    case 0x6b: {
      const symbology = read.next();
      const data = symbology >= 65 ? read.take(read.next()) : read.until(0);
      const text = ascii(data).replace(/^\{[ABC]/, '');
      paper.mark(`barcode ${ESC_POS_BARCODES[symbology] ?? symbology} ${text}`);
      return;
    }
    case 0x28: {
      // GS ( k: 2D codes; GS ( L: graphics. pL pH then that many bytes.
      const kind = read.next();
      const body = read.take(read.word());
      if (kind === 0x6b && body[0] === 0x31 && body[1] === 0x50) {
        paper.qr = ascii(body.subarray(3));
      } else if (kind === 0x6b && body[0] === 0x31 && body[1] === 0x51) {
        paper.mark(`qr ${paper.qr}`);
      } else if (kind === 0x4c && body[1] === 0x32) {
        paper.mark('image');
      }
      return;
    }
    case 0x76: {
      // raster image: 0 m xL xH yL yH data
      read.skip(2);
      const bytesWide = read.word();
      const height = read.word();
      read.skip(bytesWide * height);
      paper.mark(`image ${bytesWide * 8}x${height}`);
      return;
    }
    default:
      paper.mark(`? GS ${command.toString(16)}`);
  }
}

function starCommand(read: Reader, paper: Paper): void {
  const command = read.next();
  switch (command) {
    case 0x40: // initialize
    case 0x45: // bold on
    case 0x46: // bold off
    case 0x34: // invert on
    case 0x35: // invert off
    case 0x30: // line spacing 1/8"
      return;
    case 0x2d: // underline
    case 0x5f: // upperline
    case 0x33: // line spacing
    case 0x7a: // line spacing
    case 0x52: // international set
    case 0x57: // width
    case 0x68: // height
      read.skip(1);
      return;
    case 0x69: // size
      read.skip(2);
      return;
    case 0x61: {
      // feed n lines
      const count = read.next();
      for (let index = 0; index < count; index += 1) paper.newline();
      return;
    }
    case 0x64: // cut
      read.skip(1);
      paper.mark('cut');
      return;
    case 0x07: // drawer pulse: n1 n2 BEL
      read.skip(3);
      paper.mark('drawer kick');
      return;
    case 0x62: {
      // barcode: n1 n2 n3 n4 data RS
      const symbology = read.next();
      read.skip(3);
      paper.mark(`barcode ${STAR_BARCODES[symbology] ?? symbology} ${ascii(read.until(0x1e))}`);
      return;
    }
    case 0x1d:
      starGsCommand(read, paper);
      return;
    case 0x2a: {
      // ESC * r …: raster mode, up to its NUL
      read.until(0);
      return;
    }
    case 0x58: {
      // ESC X nL nH data: a band of an image, 24 dots high, 3 bytes per column
      const width = read.word();
      read.skip(width * 3);
      paper.band(width, 24);
      return;
    }
    default:
      paper.mark(`? ESC ${command.toString(16)}`);
  }
}

function starGsCommand(read: Reader, paper: Paper): void {
  const command = read.next();
  switch (command) {
    case 0x74:
      paper.setCodepage(CODEPAGES.star[read.next()]);
      return;
    case 0x61: // align
      read.skip(1);
      return;
    case 0x50: // print area / page mode switches
      read.skip(1);
      return;
    case 0x79: {
      const sub = read.next();
      if (sub === 0x53)
        read.skip(2); // QR model, size, error level
      else if (sub === 0x44) {
        read.skip(2); // '1', then 0
        paper.qr = ascii(read.take(read.word()));
      } else if (sub === 0x50) paper.mark(`qr ${paper.qr}`);
      return;
    }
    case 0x53: {
      // ESC GS S m xL xH yL yH n data: an image
      read.skip(1);
      const bytesWide = read.word();
      const height = read.word();
      read.skip(1 + bytesWide * height);
      paper.mark(`image ${bytesWide * 8}x${height}`);
      return;
    }
    default:
      paper.mark(`? ESC GS ${command.toString(16)}`);
  }
}

/** The paper's lines, with markers, for the bytes of a printer speaking `language`. */
export function decodePrint(bytes: Uint8Array, language: PrinterLanguage): string[] {
  const read = new Reader(bytes);
  const paper = new Paper();
  while (!read.done) {
    const byte = read.next();
    if (byte === LF) paper.newline();
    else if (byte === CR) continue;
    else if (language === 'esc-pos' && (byte === ESC || byte === GS || byte === FS))
      escPosCommand(read, paper, byte);
    else if (language !== 'esc-pos' && byte === ESC) starCommand(read, paper);
    else if (language !== 'esc-pos' && byte === 0x07) paper.mark('drawer kick');
    else if (byte === 0x18 || byte < 0x20)
      continue; // CAN and other controls print nothing
    else paper.char(byte);
  }
  return paper.end();
}
