// The receipt logo (issue 19): what size a picture prints at, and which files are refused in words.
import { describe, expect, test } from 'vitest';
import { fitLogo, LOGO_MAX_BYTES, prepareLogo, type ImageTools } from './logo-image';
import { testLogo } from './print-fixtures';

/** Decodes any file whose first byte is 'P' as a picture of the given size; the PNG says what it drew. */
function tools(size = { width: 1000, height: 250 }): ImageTools & { drawn: string[] } {
  const drawn: string[] = [];
  return {
    drawn,
    decode: async (file) => {
      const first = new Uint8Array(await file.arrayBuffer())[0];
      return first === 0x50 ? { ...size, source: {} as CanvasImageSource } : null;
    },
    toPng: (_image, width, height) => {
      drawn.push(`${width}x${height}`);
      return `data:image/png;base64,${width}x${height}`;
    },
    pixels: () => Promise.resolve(testLogo(8, 8)),
  };
}

const file = (name: string, type: string, bytes: number, first = 0x50) =>
  new File([new Uint8Array(bytes).fill(first, 0, 1)], name, { type });

describe('fitLogo', () => {
  test('as large as the paper allows, aspect kept, sides in whole bytes of 8 dots', () => {
    expect(fitLogo(1000, 250, 504)).toEqual({ width: 504, height: 120 });
    expect(fitLogo(1000, 250, 384)).toEqual({ width: 384, height: 96 });
    // A tall picture is held to the height cap instead.
    expect(fitLogo(300, 600, 504)).toEqual({ width: 96, height: 200 });
    expect(fitLogo(3, 2, 504)).toEqual({ width: 296, height: 200 });
  });
});

describe('prepareLogo', () => {
  test('a picture is scaled to the printable width and kept as a PNG', async () => {
    const images = tools();
    const choice = await prepareLogo(file('logo.png', 'image/png', 100), 504, images);
    expect(choice).toEqual({
      ok: true,
      logo: { dataUrl: 'data:image/png;base64,504x120', width: 504, height: 120 },
    });
  });

  test('a file that is not a picture, one over 2 MB and one that does not decode are refused in words', async () => {
    const images = tools();
    expect(await prepareLogo(file('prices.pdf', 'application/pdf', 100), 504, images)).toEqual({
      ok: false,
      message: 'prices.pdf is not a picture: choose a PNG, JPEG, GIF or WebP image.',
    });
    expect(await prepareLogo(file('shop.jpg', 'image/jpeg', LOGO_MAX_BYTES + 1), 504, images)).toEqual({
      ok: false,
      message: 'shop.jpg is over 2 MB: choose a smaller picture.',
    });
    expect(await prepareLogo(file('broken.png', 'image/png', 100, 0x00), 504, images)).toEqual({
      ok: false,
      message: 'broken.png could not be read as a picture: choose a PNG, JPEG, GIF or WebP image.',
    });
    expect(images.drawn).toEqual([]);
  });
});
