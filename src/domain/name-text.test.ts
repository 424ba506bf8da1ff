// [INPUT-1] [INPUT-2] The till's reading of a typed name: cleaned as the server stores it, refused as the
// server refuses it.
import { describe, expect, test } from 'vitest';
import { cleanName, nameProblem } from './name-text';

describe('cleanName', () => {
  test('[INPUT-1] NFC, spaces for tabs and line breaks, invisible characters out, one space, trimmed', () => {
    expect(cleanName('  Cafe\u0301\t au\u00a0lait\u200b ')).toBe('Café au lait');
    expect(cleanName('Esp\u0001resso\nLarge')).toBe('Espresso Large');
    expect(cleanName('Ann \u202eeeL')).toBe('Ann eeL');
    expect(cleanName('Plain name')).toBe('Plain name');
  });
});

describe('nameProblem', () => {
  test('[INPUT-2] an override or isolate is refused in words; so is a name with nothing visible', () => {
    expect(nameProblem('Invoice \u202efdp.exe', 'name')).toBe(
      'A name cannot carry hidden characters that reverse the text: type it again without them.',
    );
    expect(nameProblem('Cara \u2067x\u2069', 'staff')).toMatch(/^A staff member’s name .*reverse the text/);
    expect(nameProblem('\u200b \u0007 \u200d', 'customer')).toBe(
      'A customer’s name cannot be blank: type letters or digits.',
    );
    expect(nameProblem('Zoë', 'customer')).toBeNull();
  });
});
