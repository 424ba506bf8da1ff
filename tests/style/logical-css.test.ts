// Issue 35, right-to-left: the layouts say start and end, never left and right, so a right-to-left language
// can be added without a redesign. Every stylesheet under src/ and every inline style={{ … }} of a component
// is read; a physical left/right fails here as "file:line  what". A line that must stay physical (a chart
// that reads left to right in every language) carries a `/* physical: why */` comment on that same line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { physicalInCss, physicalInStyles, type Finding } from '../support/physical-css';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

function filesEndingIn(suffix: string): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(SRC, name));
}

function offences(files: string[], find: (text: string) => Finding[]): string[] {
  return files.flatMap((file) =>
    find(readFileSync(file, 'utf8')).map(
      ({ line, text }) => `${relative(ROOT, file)}:${String(line)}  ${text}`,
    ),
  );
}

describe('logical CSS', () => {
  test('no stylesheet under src/ places anything by left or right', () => {
    expect(offences(filesEndingIn('.css'), physicalInCss)).toEqual([]);
  });

  test("no component's inline style places anything by left or right", () => {
    expect(offences(filesEndingIn('.tsx'), physicalInStyles)).toEqual([]);
  });
});

// The guard itself: what it catches and what it lets through.
describe('the physical-CSS finder', () => {
  test('finds physical properties, values, translateX and lopsided shorthands, by line', () => {
    const css = [
      '.a {',
      '  margin-left: auto;',
      '  text-align: right;',
      '  transform: translateX(-50%);',
      '  padding: 0 1rem 0 0;',
      '  border-radius: 4px 0 0 4px;',
      '  mask-image: linear-gradient(to right, #000, transparent);',
      '}',
    ].join('\n');
    expect(physicalInCss(css).map((finding) => finding.line)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  test('lets logical and symmetric styling, comments and marked lines through', () => {
    const css = [
      '/* the fading right edge */',
      '.a:hover {',
      '  margin-inline-start: auto;',
      '  text-align: end;',
      '  padding: clamp(1rem, 2vh, 3rem) 1rem 3rem;',
      '  margin: 0 1rem 0 1rem;',
      '  inset: 0.5rem 0 0;',
      '  border-radius: 8px 8px 0 0;',
      '  transform: translateY(6px) rotate(45deg) translate(0, 2px);',
      '  left: 0; /* physical: a chart reads left to right */',
      '}',
      '@media (max-width: 760px) { .b { inset-inline-end: 0 } }',
    ].join('\n');
    expect(physicalInCss(css)).toEqual([]);
  });

  test("finds left/right in a component's inline style, not elsewhere in it", () => {
    const tsx = [
      'const left = 3;',
      '<div style={{ marginLeft: 4, height }}>',
      '  <span style={{',
      "    textAlign: 'right',",
      '    transform: `translateX(${String(left)}px)`,',
      '  }} />',
      "  <b style={{ left: 0 /* physical: the chart's axis */ }} />",
      '</div>',
    ].join('\n');
    expect(physicalInStyles(tsx).map((finding) => finding.line)).toEqual([2, 4, 5]);
  });
});
