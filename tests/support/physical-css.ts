// Finds physical left/right styling (issue 35, right-to-left): a `margin-left`, a `text-align: right`, a
// `translateX`, a four-value `padding` whose left and right differ. The app's layouts say start/end instead
// (margin-inline-start, text-align: end, inset-inline-end …), so a right-to-left language mirrors them by
// itself. A line that must stay physical says why with a `physical:` comment on that same line.

/** One physical left/right found: where, and what. */
export interface Finding {
  line: number;
  text: string;
}

const MARKER = /\/[*/]\s*physical:/;
/** `left` or `right` as a word of a value (not inside `--shade-left` or `left-arrow.svg`). */
const SIDE = /(?<![-\w])(left|right)(?![-\w])/i;
/** `left`, `margin-left`, `border-top-right-radius`: a property named by a side. */
const SIDE_PROPERTY = /(?:^|-)(?:left|right)(?:-|$)/i;
/** translateX(…), or translate(x, …) / translate3d(x, …) with an x that is not 0. */
const SIDEWAYS = /translate(?:X\(|(?:3d)?\(\s*(?!0[\s,)]))/;
/** Shorthands whose four values are top, right, bottom, left. */
const BOXES = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-style',
  'border-color',
  'scroll-margin',
  'scroll-padding',
]);

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}

/** Words of a value split at spaces outside brackets: `clamp(1rem, 2vh, 3rem) 1rem` is two. */
function values(value: string): string[] {
  const words: string[] = [];
  let depth = 0;
  let word = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (/\s/.test(char) && depth === 0) {
      if (word) words.push(word);
      word = '';
    } else word += char;
  }
  if (word) words.push(word);
  return words;
}

/** Whether a box shorthand or a border-radius gives its left and right sides different values. */
function lopsided(property: string, value: string): boolean {
  if (BOXES.has(property)) {
    const [, right, , left] = values(value);
    return left !== undefined && left !== right;
  }
  if (property !== 'border-radius') return false;
  // Corners run top-left, top-right, bottom-right, bottom-left; a missing one copies its opposite.
  return value.split('/').some((part) => {
    const [topLeft, topRight = topLeft, bottomRight = topLeft, bottomLeft = topRight] = values(part);
    return topLeft !== topRight || bottomRight !== bottomLeft;
  });
}

/** Comments blanked to spaces (their line breaks kept), so positions and line numbers still match. */
function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/** Physical left/right declarations in a stylesheet. */
export function physicalInCss(css: string): Finding[] {
  const lines = css.split('\n');
  const findings: Finding[] = [];
  const code = withoutComments(css);
  // A declaration ends at `;` or `}`; a selector's `a:hover {` never does, so it is not one.
  for (const match of code.matchAll(/([-a-zA-Z]+)\s*:\s*([^;{}]*?)\s*(?=[;}])/g)) {
    const [, property = '', value = ''] = match;
    const physical =
      SIDE_PROPERTY.test(property) || SIDE.test(value) || SIDEWAYS.test(value) || lopsided(property, value);
    if (!physical) continue;
    const line = lineAt(code, match.index);
    if (MARKER.test(lines[line - 1] ?? '')) continue;
    findings.push({ line, text: `${property}: ${value.replace(/\s+/g, ' ')}` });
  }
  return findings;
}

/** Physical left/right in a component's inline `style={{ … }}` objects: a key, a value or a translateX. */
export function physicalInStyles(tsx: string): Finding[] {
  const lines = tsx.split('\n');
  const findings: Finding[] = [];
  for (let start = tsx.indexOf('style={{'); start !== -1; start = tsx.indexOf('style={{', start + 1)) {
    let depth = 0;
    let end = start + 'style='.length;
    for (; end < tsx.length; end += 1) {
      if (tsx[end] === '{') depth += 1;
      if (tsx[end] === '}') depth -= 1;
      if (depth === 0) break;
    }
    const object = tsx.slice(start, end + 1);
    const firstLine = lineAt(tsx, start);
    object.split('\n').forEach((text, offset) => {
      const physical =
        /\b\w*(?:Left|Right)\w*\s*:|\b(?:left|right)\s*:/.test(text) ||
        /['"`][^'"`]*\b(?:left|right)\b[^'"`]*['"`]/.test(text) ||
        SIDEWAYS.test(text);
      const line = firstLine + offset;
      if (physical && !MARKER.test(lines[line - 1] ?? '')) findings.push({ line, text: text.trim() });
    });
  }
  return findings;
}
