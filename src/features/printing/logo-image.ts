// The shop's receipt logo (issue 19): a picture the shop picks in Settings → This till → Printer, checked,
// scaled to the paper's printable width in dots and kept on this device as a small PNG (printer-settings.ts),
// then printed at the top of receipts through the encoder's image support, and shown on the customer
// display when idle. Thermal printers print 8 dots to a byte, so both sides are multiples of 8. Decoding and
// drawing need the browser's canvas; they sit behind ImageTools so tests can give their own.
import { t } from '@lingui/core/macro';

/** Bigger files are refused: a logo is a few KB, and a photo of the shop front is not one. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** About 25 mm at 203 dpi: a logo heads the receipt without eating the roll. */
export const LOGO_MAX_HEIGHT = 200;

/** What the device keeps: the picture as it will print, scaled and on white. */
export interface StoredLogo {
  /** A `data:image/png;base64,…` URL. */
  dataUrl: string;
  width: number;
  height: number;
}

/** A picture's pixels, RGBA, as the encoder reads them. */
export interface LogoBitmap {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface DecodedImage {
  width: number;
  height: number;
  source: CanvasImageSource;
}

export interface ImageTools {
  /** The picture in the file, or null when the browser cannot decode it. */
  decode: (file: Blob) => Promise<DecodedImage | null>;
  /** The picture drawn at width × height on white, as a PNG data URL. */
  toPng: (image: DecodedImage, width: number, height: number) => string;
  /** A stored logo's pixels, or null when it no longer decodes. */
  pixels: (dataUrl: string) => Promise<LogoBitmap | null>;
}

const down8 = (value: number) => Math.max(8, Math.floor(value / 8) * 8);

/**
 * The size a width × height picture prints at within `maxWidth` dots and LOGO_MAX_HEIGHT: as large as fits,
 * the aspect kept (to within the rounding to 8 dots), never wider than the paper.
 */
export function fitLogo(width: number, height: number, maxWidth: number): { width: number; height: number } {
  const scale = Math.min(maxWidth / width, LOGO_MAX_HEIGHT / height);
  return { width: down8(width * scale), height: down8(height * scale) };
}

export type LogoChoice = { ok: true; logo: StoredLogo } | { ok: false; message: string };

/** The picked file as the logo to keep, or why it cannot be (the previous logo then stays). */
export async function prepareLogo(file: File, maxWidth: number, tools: ImageTools): Promise<LogoChoice> {
  const name = file.name;
  if (!file.type.startsWith('image/')) {
    return { ok: false, message: t`${name} is not a picture: choose a PNG, JPEG, GIF or WebP image.` };
  }
  if (file.size > LOGO_MAX_BYTES) {
    return { ok: false, message: t`${name} is over 2 MB: choose a smaller picture.` };
  }
  const image = await tools.decode(file).catch(() => null);
  if (!image || image.width < 1 || image.height < 1) {
    return {
      ok: false,
      message: t`${name} could not be read as a picture: choose a PNG, JPEG, GIF or WebP image.`,
    };
  }
  const size = fitLogo(image.width, image.height, maxWidth);
  return { ok: true, logo: { dataUrl: tools.toPng(image, size.width, size.height), ...size } };
}

function canvasOf(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw pictures.');
  return context;
}

/** The browser's own decoding and drawing. */
export const browserImageTools: ImageTools = {
  decode: async (file) => {
    try {
      const bitmap = await createImageBitmap(file);
      return { width: bitmap.width, height: bitmap.height, source: bitmap };
    } catch {
      return null;
    }
  },
  toPng: (image, width, height) => {
    const context = canvasOf(width, height);
    // Transparent parts print as paper, not as black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image.source, 0, 0, width, height);
    return context.canvas.toDataURL('image/png');
  },
  pixels: async (dataUrl) => {
    try {
      const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
      const context = canvasOf(bitmap.width, bitmap.height);
      context.drawImage(bitmap, 0, 0);
      const { width, height, data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      return { width, height, data };
    } catch {
      return null;
    }
  },
};
