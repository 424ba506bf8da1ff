// The `select=` grammar of PostgREST (reference §B2): `*`, `col`, `alias:col`, `col::type`, `json->key->>key`,
// embeds `rel(cols)`, `alias:rel(cols)`, `rel!hint(cols)`, `rel!inner(cols)`. Pure parsing: names are
// checked against the schema cache later, when SQL is built.
import { badQuery } from './errors';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldRef; alias: string | undefined; cast: string | undefined }
  | {
      kind: 'embed';
      name: string;
      alias: string | undefined;
      hint: string | undefined;
      inner: boolean;
      /** `...rel(cols)`: the columns join the parent's instead of nesting (to-one only). */
      spread: boolean;
      select: SelectItem[];
    };

/** Splits on `separator` outside parentheses and double quotes. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted && char === '\\') {
      current += char + text.charAt(i + 1);
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (!quoted && depth === 0 && char === separator) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (quoted || depth !== 0)
    throw badQuery(`"failed to parse" (${text})`, 'unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

export function unquote(name: string): string {
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"')
    ? name.slice(1, -1).replace(/\\(.)/g, '$1')
    : name;
}

/** `name->a->>b` (no alias, no cast), as filters and order terms name a column. */
export function parseField(text: string): FieldRef {
  const parts = text.trim().split(/(->>|->)/);
  const name = unquote(parts[0] ?? '');
  if (name === '') throw badQuery(`"failed to parse field" (${text})`, 'expecting a column name');
  const path: JsonStep[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = unquote(parts[i + 1] ?? '');
    if (key === '') throw badQuery(`"failed to parse json path" (${text})`, 'expecting a key after an arrow');
    path.push({ arrow: parts[i] === '->>' ? '->>' : '->', key });
  }
  return { name, path };
}

const ALIAS = /^([A-Za-z_][\w$]*|"[^"]+"):(?!:)(.+)$/s;

function splitAlias(item: string): { alias: string | undefined; rest: string } {
  const match = ALIAS.exec(item);
  return match ? { alias: unquote(match[1] ?? ''), rest: match[2] ?? '' } : { alias: undefined, rest: item };
}

function parseEmbed(item: string, open: number): SelectItem {
  const spread = item.startsWith('...');
  const { alias, rest } = splitAlias(item.slice(spread ? 3 : 0, open));
  const [name = '', ...modifiers] = rest.split('!');
  let hint: string | undefined;
  let inner = false;
  for (const modifier of modifiers) {
    if (modifier === 'inner') inner = true;
    else if (modifier === 'left') inner = false;
    else if (hint === undefined && modifier !== '') hint = unquote(modifier);
    else throw badQuery(`"failed to parse select parameter" (${item})`, `unexpected "!${modifier}"`);
  }
  if (name === '')
    throw badQuery(`"failed to parse select parameter" (${item})`, 'expecting a relation name');
  return {
    kind: 'embed',
    name: unquote(name),
    alias,
    hint,
    inner,
    spread,
    select: parseSelect(item.slice(open + 1, -1)),
  };
}

function parseItem(raw: string): SelectItem {
  const item = raw.trim();
  if (item === '*') return { kind: 'star' };
  if (item === '') throw badQuery('"failed to parse select parameter" (empty item)', 'expecting a column');
  const open = item.indexOf('(');
  if (open > 0 && item.endsWith(')')) return parseEmbed(item, open);
  if (open >= 0 || item.includes(')')) {
    throw badQuery(`"failed to parse select parameter" (${item})`, 'unexpected parenthesis');
  }
  const { alias, rest } = splitAlias(item);
  const castAt = rest.lastIndexOf('::');
  const cast = castAt >= 0 ? rest.slice(castAt + 2) : undefined;
  if (cast !== undefined && !/^[A-Za-z_][\w ]*(\[\])?$/.test(cast)) {
    throw badQuery(`"failed to parse select parameter" (${item})`, `unexpected cast "${cast}"`);
  }
  const field = parseField(castAt >= 0 ? rest.slice(0, castAt) : rest);
  return { kind: 'field', field, alias, cast: cast?.toLowerCase() };
}

/** Parses a `select` value; an absent or empty select means `*`. */
export function parseSelect(text: string | null): SelectItem[] {
  if (text === null || text.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(text).map(parseItem);
}
