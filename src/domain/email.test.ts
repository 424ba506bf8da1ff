import { describe, expect, test } from 'vitest';
import { isEmailAddress } from './email';

describe('one email rule', () => {
  test('an address has a name, an @ and a domain with a dot, and no spaces', () => {
    for (const good of ['ann@example.test', ' zoe@shop.co.uk ', 'a+b@c.d']) {
      expect(isEmailAddress(good), good).toBe(true);
    }
    for (const bad of ['zoe@nope', 'zoe@', '@example.com', 'zoe example@x.com', 'zoe@@x.com', '']) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });
});
