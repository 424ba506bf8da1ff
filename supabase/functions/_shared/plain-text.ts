// [MAIL-4] What a shop or a till chose, as plain words in a mail: send-receipt's and send-purchase-order's
// mails carry shop text (names, addresses, notes) that must never become a link or a hidden character.

// Control, invisible and direction-changing characters; then what reads as a link: a scheme's "://", a dot
// between a letter or digit and a letter (evil.example, www.x), an @ inside a word.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const SCHEME = /:\/\//g;
const HOST_DOT = /(?<=[\p{L}\p{N}])\.(?=\p{L})/gu;
const WORD_AT = /(?<=\S)@(?=\S)/g;

/** Shop text as plain words: one line, cut to `max` characters, with nothing a mail program would link. */
export function plain(text: string | null | undefined, max: number): string {
  const words = (text ?? '')
    .normalize('NFC')
    .replace(HIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(SCHEME, ': //')
    .replace(HOST_DOT, '\u2024')
    .replace(WORD_AT, ' at ');
  const chars = Array.from(words);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : words;
}
