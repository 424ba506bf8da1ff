// The repository explains itself (issue 34): README and every page under docs/ are reachable from README,
// and every relative link in them — to a file, or to a heading of one — resolves. A page moved or a heading
// renamed fails here, not in a reader's browser.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`)].filter((page) =>
  page.endsWith('.md'),
);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(ROOT, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6} (.*)$/gm)) {
    const base = slug(heading ?? '');
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${String(count)}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** Relative links of a page (outside code), as [text](target). */
function linksOf(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the docs', () => {
  test.each(PAGES)('every relative link in %s resolves, to its heading too', (page) => {
    const broken = linksOf(page).filter((target) => {
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? page : normalize(join(dirname(page), path));
      if (!existsSync(join(ROOT, file))) return true;
      return anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  test('README links every page under docs/', () => {
    const linked = new Set(linksOf('README.md').map((target) => normalize(target.split('#')[0] ?? '')));
    const pages = PAGES.filter((page) => page.startsWith('docs/'));
    expect(pages.filter((page) => !linked.has(normalize(relative(ROOT, join(ROOT, page)))))).toEqual([]);
  });

  test('no page points to a DESIGN.md the repository does not have', () => {
    expect(PAGES.filter((page) => readFileSync(join(ROOT, page), 'utf8').includes('DESIGN'))).toEqual([]);
  });
});
