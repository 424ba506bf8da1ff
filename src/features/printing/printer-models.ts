// The receipt printers a shop can choose in Settings → This till → Printer (issue 19), each one a preset of
// @point-of-sale/receipt-printer-encoder, which knows its command language (ESC/POS, StarPRNT, StarLine), its
// code pages and its fonts. A short list of printers shops actually buy, rather than all the presets: each
// has a language the virtual printer reads back (printer-decoder.ts), and a code page with the euro sign.

import type { ReceiptPrinterEncoderOptions } from '@point-of-sale/receipt-printer-encoder';

export type PaperWidth = 58 | 80;
export type EncoderPreset = NonNullable<ReceiptPrinterEncoderOptions['printerModel']>;
export type PrinterLanguage = 'esc-pos' | 'star-prnt' | 'star-line';

export interface PrinterModel {
  /** The encoder's preset id. */
  id: EncoderPreset;
  name: string;
  language: PrinterLanguage;
  /** The paper this model takes out of the box; the shop may choose the other width. */
  width: PaperWidth;
  /** Raster unless the model needs column images (see imageModeOf). */
  imageMode?: ImageMode;
}

export const PRINTER_MODELS: readonly PrinterModel[] = [
  { id: 'epson-tm-t88vi', name: 'Epson TM-T88VI', language: 'esc-pos', width: 80 },
  { id: 'epson-tm-t88v', name: 'Epson TM-T88V', language: 'esc-pos', width: 80 },
  { id: 'epson-tm-t20iii', name: 'Epson TM-T20III', language: 'esc-pos', width: 80 },
  { id: 'epson-tm-m30iii', name: 'Epson TM-m30III', language: 'esc-pos', width: 80 },
  { id: 'epson-tm-p20ii', name: 'Epson TM-P20II (mobile)', language: 'esc-pos', width: 58 },
  { id: 'star-tsp650ii', name: 'Star TSP650II', language: 'star-line', width: 80 },
  { id: 'star-tsp100iv', name: 'Star TSP100IV', language: 'star-prnt', width: 80 },
  { id: 'star-mc-print2', name: 'Star mC-Print2', language: 'star-prnt', width: 58 },
  { id: 'star-mpop', name: 'Star mPOP', language: 'star-prnt', width: 58 },
  { id: 'xprinter-xp-n160ii', name: 'Xprinter XP-N160II', language: 'esc-pos', width: 80 },
  { id: 'pos-5890', name: 'Generic 58 mm ESC/POS (POS-5890)', language: 'esc-pos', width: 58 },
];

export const DEFAULT_MODEL_ID = 'epson-tm-t88vi';

export function printerModel(id: string): PrinterModel {
  return PRINTER_MODELS.find((model) => model.id === id) ?? modelOrThrow(DEFAULT_MODEL_ID);
}

function modelOrThrow(id: string): PrinterModel {
  const model = PRINTER_MODELS.find((candidate) => candidate.id === id);
  if (!model) throw new Error(`No printer model ${id}`);
  return model;
}

/**
 * How a model takes pictures (the logo). ESC * column images are what printers without GS v 0 need (old
 * impact Epsons such as the TM-U220), but the encoder writes them with a wrong band height and they print
 * garbled on a TM-T88V (ReceiptPrinterEncoder #47); every model here takes raster images, so all say raster
 * rather than leaving it to the encoder's default, which is column.
 */
export type ImageMode = 'raster' | 'column';

export function imageModeOf(model: PrinterModel): ImageMode {
  return model.imageMode ?? 'raster';
}

/**
 * The paper's printable width in dots, as the encoder counts it for our columns: font A is 12 dots wide on
 * every model here, so 384 on 58 mm and 504 on 80 mm (the logo is scaled to fit it).
 */
export function printableDots(width: PaperWidth): number {
  return Math.floor((columnsFor(width) * 12) / 8) * 8;
}

/**
 * Characters per line in the printer's standard font: 32 on 58 mm paper everywhere; 42 on 80 mm, which
 * fits every model here (Epson's font A on 512 dots; Star's 48 columns just leave a margin).
 */
export function columnsFor(width: PaperWidth): number {
  return width === 58 ? 32 : 42;
}
