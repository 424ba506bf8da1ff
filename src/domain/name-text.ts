// Names as the server takes them (supabase/SPEC.md §18 [INPUT-1], [INPUT-2]; private.clean_name and
// private.checked_name in migration 20261204003200_clean_names.sql): NFC, tabs and line breaks as spaces,
// control and invisible characters removed, one space between words, trimmed. A name with nothing visible
// left, or carrying a direction override or isolate (which reorders the text after it), is refused with the
// server's own sentence, so the person reads it in the form before anything is sent.
// tests/integration/name-agree.test.ts holds the two to one answer on generated names.
import { i18n as screenI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/* eslint-disable no-control-regex, no-misleading-character-class -- these classes list the control, joining
   and invisible characters one by one, because removing (or not counting) exactly those is this module's job */
const HIDDEN =
  /[\u0001-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const SPACES = /[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;
const INVISIBLE = /[ \u034f\u115f\u1160\u200c\u200d\u3164\ufe00-\ufe0f\uffa0]/g;
const OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;
const CLEAN_ASCII = /^[!-~]+( [!-~]+)*$/;

/** The name as the server stores it. */
export function cleanName(text: string): string {
  if (CLEAN_ASCII.test(text)) return text;
  return text.normalize('NFC').replace(HIDDEN, '').replace(SPACES, ' ').replace(/^ | $/g, '');
}

/** Whose name it is: each says its refusals as whole sentences, so a translation keeps its word order. */
export type NameKind = 'name' | 'product' | 'customer' | 'staff';

const REVERSING: Readonly<Record<NameKind, MessageDescriptor>> = {
  name: msg`A name cannot carry hidden characters that reverse the text: type it again without them.`,
  // Word for word the server's own refusal of a product's name (tests/integration/name-agree.test.ts).
  product: msg`A product's name cannot carry hidden characters that reverse the text: type it again without them.`,
  customer: msg`A customer’s name cannot carry hidden characters that reverse the text: type it again without them.`,
  staff: msg`A staff member’s name cannot carry hidden characters that reverse the text: type it again without them.`,
};

const BLANK: Readonly<Record<NameKind, MessageDescriptor>> = {
  name: msg`A name cannot be blank: type letters or digits.`,
  product: msg`A product's name cannot be blank: type letters or digits.`,
  customer: msg`A customer’s name cannot be blank: type letters or digits.`,
  staff: msg`A staff member’s name cannot be blank: type letters or digits.`,
};

/** Why the server would refuse this name, in its words, or null; in the screen's language by default. */
export function nameProblem(text: string, kind: NameKind, i18n: I18n = screenI18n): string | null {
  if (OVERRIDE.test(text)) return i18n._(REVERSING[kind]);
  if (cleanName(text).replace(INVISIBLE, '') === '') return i18n._(BLANK[kind]);
  return null;
}
