// [VAL-T11] A customer's account ids derive on the till as on the server ([VAL-1]).
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { customerAccountId } from './account-id';

const alice = 'd4700000-0000-4000-8000-000000000001';

describe("a customer's accounts", () => {
  test('[VAL-T11] the id is md5(customer ‖ ":" ‖ kind) read as a uuid, one per kind, whatever the case of the customer id', async () => {
    for (const kind of ['store_credit', 'loyalty', 'on_account'] as const) {
      const hex = createHash('md5').update(`${alice}:${kind}`).digest('hex');
      const expected = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      expect(await customerAccountId(alice, kind)).toBe(expected);
      // uuid::text is lower case on the server, so an upper-case id from elsewhere names the same account.
      expect(await customerAccountId(alice.toUpperCase(), kind)).toBe(expected);
    }
    const ids = await Promise.all(
      (['store_credit', 'loyalty', 'on_account'] as const).map((kind) => customerAccountId(alice, kind)),
    );
    expect(new Set(ids).size).toBe(3);
  });
});
