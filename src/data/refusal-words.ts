// A server refusal arrives as a stable code (a PostgREST `hint`, an edge function's `error.code`); the app
// says it in the person's language (issue 35). Tables of words are module-level `msg` descriptors, so they
// are translated here, when the refusal is said — never when the module loads, before the catalogue has.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { t } from '@lingui/core/macro';

/** Sentences by stable code. */
export type CodeWords = Readonly<Record<string, MessageDescriptor>>;

/** The sentence for `code` in the active language, or undefined when the table has none. */
export function wordsOf(table: CodeWords, code: string | null | undefined): string | undefined {
  if (!code || !Object.hasOwn(table, code)) return undefined;
  const descriptor = table[code];
  return descriptor ? i18n._(descriptor) : undefined;
}

/**
 * What the person reads for a refusal the app has no sentence for: never the server's own (English)
 * message, but its code, for whoever supports the shop.
 */
export function unknownRefusal(...codes: (string | null | undefined)[]): string {
  // The first code the server gave: its hint, else its SQLSTATE.
  const code = codes.find(Boolean) ?? '';
  return code ? t`The server refused this (code ${code}).` : t`The server refused this.`;
}
