// [MAIL-3] The till and send-receipt read an address alike: the app's src/domain/receipt-link.ts and the
// function's supabase/functions/_shared/mail-address.ts normalise and accept the same addresses (the SQL
// private.is_email is held to the same cases by tests/integration/receipt-mail-abuse.stack.test.ts).
import { describe, expect, test } from 'vitest';
import { isEmailAddress, normalEmailAddress } from '../../src/domain/receipt-link';
import { isMailbox, normalEmail } from '../../supabase/functions/_shared/mail-address';

const CASES = [
  'ann@example.test',
  '  Ann.Lee+receipts@Example.COM ',
  "o'brien@shop.example.co.uk",
  'a@b.c',
  'ann@example',
  'ann@@example.test',
  'ann@example.test, bob@example.test',
  'ann@example.test;bob@example.test',
  'ann@example.test\nBcc: bob@example.test',
  '"Ann" <ann@example.test>',
  'ann lee@example.test',
  'ann..lee@example.test',
  '.ann@example.test',
  'ann@-example.test',
  'ann@exämple.test',
  `${'a'.repeat(65)}@example.test`,
  `${'a'.repeat(64)}@example.test`,
  `ann@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.test`,
];

describe('one address, read alike', () => {
  test.each(CASES)('[MAIL-3] %j', (typed) => {
    expect(normalEmailAddress(typed)).toBe(normalEmail(typed));
    expect(isEmailAddress(typed)).toBe(isMailbox(normalEmail(typed)));
  });

  test('[MAIL-3] lists, headers and quoted names are refused; a typed address is trimmed and its domain lower-cased', () => {
    expect(CASES.filter((typed) => isEmailAddress(typed))).toEqual([
      'ann@example.test',
      '  Ann.Lee+receipts@Example.COM ',
      "o'brien@shop.example.co.uk",
      `${'a'.repeat(64)}@example.test`,
    ]);
    expect(normalEmailAddress('  Ann.Lee+receipts@Example.COM ')).toBe('Ann.Lee+receipts@example.com');
  });
});
