// `npm run icons`: renders the PNG icons the manifest and iOS need from the SVG sources in public/icons, and
// public/favicon.ico: browsers ask for /favicon.ico on a cold load whatever the page links, and a 404 there is
// an error in every console (issue 34).
// The PNGs are committed (so a build needs no rasteriser); run this again after changing an SVG.
import { readFile, writeFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';

const dir = new URL('../public/icons/', import.meta.url);
const outputs = [
  { source: 'icon.svg', file: 'icon-192.png', size: 192 },
  { source: 'icon.svg', file: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', file: 'icon-maskable-512.png', size: 512 },
  { source: 'icon-maskable.svg', file: 'apple-touch-icon-180.png', size: 180 },
  { source: 'icon.svg', file: 'favicon-32.png', size: 32 },
];

async function render(source, size) {
  const svg = await readFile(new URL(source, dir), 'utf8');
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

for (const { source, file, size } of outputs) {
  await writeFile(new URL(file, dir), await render(source, size));
  console.log(`public/icons/${file} (${size}×${size})`);
}

/** An .ico holding PNG images (every browser since 2008 reads them): a 6-byte header, a 16-byte entry each. */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry); // 0 means 256
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map(async (size) => ({ size, png: await render('icon.svg', size) })));
await writeFile(new URL('../public/favicon.ico', import.meta.url), ico(images));
console.log(`public/favicon.ico (${sizes.join(', ')})`);
