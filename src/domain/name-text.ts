// Names as the server takes them (supabase/SPEC.md §18 [INPUT-1], [INPUT-2]; private.clean_name and
// private.checked_name in migration 20261204003200_clean_names.sql): NFC, tabs and line breaks as spaces,
// control and invisible characters removed, one space between words, trimmed. A name with nothing visible
// left, or carrying a direction override or isolate (which reorders the text after it), is refused with the
// server's own sentence, so the person reads it in the form before anything is sent.
// tests/integration/name-agree.test.ts holds the two to one answer on generated names.

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

/** Why the server would refuse this name, in its words (`what` is "A product's name" …), or null. */
export function nameProblem(text: string, what: string): string | null {
  if (OVERRIDE.test(text)) {
    return `${what} cannot carry hidden characters that reverse the text: type it again without them.`;
  }
  if (cleanName(text).replace(INVISIBLE, '') === '')
    return `${what} cannot be blank: type letters or digits.`;
  return null;
}
