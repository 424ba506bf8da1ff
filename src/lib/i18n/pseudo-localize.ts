// The pseudo-locale (issue 35): every message accented, 40 % longer and wrapped in ⟦ ⟧, so a browser walk
// can see at a glance any word that did not come from the catalogue (no markers) and any box too small for
// German (the padding). ICU arguments ({name}, {count, plural, one {…} other {…}}, #) and Lingui's numbered
// tags (<0>…</0>) are kept exactly, or the message would no longer compile; only their text is changed.

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
const EXPANSION = 0.4;

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTS = 'àƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ';
// Every accented letter is one UTF-16 unit, so the two strings line up letter for letter.
const ACCENTED = new Map(
  Array.from({ length: PLAIN.length }, (_, i) => [PLAIN.charAt(i), ACCENTS.charAt(i)]),
);

const BRANCHING = new Set(['plural', 'select', 'selectordinal']);

export function pseudoLocalize(message: string): string {
  const visible = visibleLength(message);
  return `${PSEUDO_OPEN}${accentMessage(message)}${padding(Math.max(1, Math.ceil(visible * EXPANSION)))}${PSEUDO_CLOSE}`;
}

/**
 * `length` characters of padding, as short words: a long word of German is some 20 letters, so padding may
 * wrap like text does — one unbreakable run of dots would overflow any box and hide the real problems.
 */
function padding(length: number): string {
  let out = '';
  while (out.length < length) out += out.length === 0 ? '·' : out.length % 6 === 5 ? ' ' : '·';
  return out;
}

function accentText(text: string, inPlural: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === '<') {
      // A Lingui tag such as <0>, </0> or <1/>: kept whole.
      const end = text.indexOf('>', i);
      if (end !== -1 && /^<\/?\d+\/?>$/.test(text.slice(i, end + 1))) {
        out += text.slice(i, end + 1);
        i = end;
        continue;
      }
    }
    out += inPlural && char === '#' ? char : (ACCENTED.get(char) ?? char);
  }
  return out;
}

function accentMessage(message: string, inPlural = false): string {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const open = message.indexOf('{', i);
    if (open === -1) {
      out += accentText(message.slice(i), inPlural);
      break;
    }
    out += accentText(message.slice(i, open), inPlural);
    const close = matchingBrace(message, open);
    out += accentArgument(message.slice(open + 1, close));
    i = close + 1;
  }
  return out;
}

/** `{name}` and `{n, number}` stay as they are; a plural's or select's branches are accented inside. */
function accentArgument(inner: string): string {
  const parts = inner.split(',');
  const type = parts[1]?.trim() ?? '';
  if (parts.length < 3 || !BRANCHING.has(type)) return `{${inner}}`;
  const head = `${parts[0] ?? ''},${parts[1] ?? ''},`;
  let rest = inner.slice(head.length);
  let out = head;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    if (open === -1) {
      out += rest;
      break;
    }
    const close = matchingBrace(rest, open);
    out += `${rest.slice(0, open)}{${accentMessage(rest.slice(open + 1, close), type !== 'select')}}`;
    rest = rest.slice(close + 1);
  }
  return `{${out}}`;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced braces in message: ${text}`);
}

/** The length a reader sees: the longest branch of a plural, arguments as a few characters. */
function visibleLength(message: string): number {
  return message.replace(/\{[^{}]*\}/g, 'xxxx').replace(/[{}]/g, '').length;
}
