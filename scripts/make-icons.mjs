// `npm run icons`: renders the PNG icons the manifest and iOS need from the SVG sources in public/icons.
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

for (const { source, file, size } of outputs) {
  const svg = await readFile(new URL(source, dir), 'utf8');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  await writeFile(new URL(file, dir), png);
  console.log(`public/icons/${file} (${size}×${size})`);
}
