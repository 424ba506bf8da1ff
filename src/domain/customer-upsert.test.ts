import { describe, expect, test } from 'vitest';
import { parseCustomerUpsert } from './customer-upsert';

const id = '0193a0f2-0000-7000-8000-000000000001';
const company_id = 'd1000000-0000-4000-8000-000000000001';

describe('customer.upsert arguments', () => {
  test('[CUST-1] the server’s own example parses', () => {
    const args = {
      id,
      company_id,
      name: 'Ann Lee',
      email: 'ann@example.test',
      phone: '+33 6 12 34 56 78',
      note: 'Prefers email receipts',
    };
    expect(parseCustomerUpsert(args, { isNew: true })).toEqual({ ok: true, value: args });
  });

  test('[CUST-1] an update may send only what changed, and null clears a field', () => {
    expect(parseCustomerUpsert({ id, company_id, email: null }, { isNew: false }).ok).toBe(true);
  });

  test('[CUST-1] a new customer needs a name, and a name cannot be cleared', () => {
    expect(parseCustomerUpsert({ id, company_id }, { isNew: true }).ok).toBe(false);
    expect(parseCustomerUpsert({ id, company_id, name: null }, { isNew: false }).ok).toBe(false);
    expect(parseCustomerUpsert({ id, company_id, name: '  ' }, { isNew: false }).ok).toBe(false);
  });

  test('[CUST-1] limits: email name@domain.tld ≤ 320, phone characters ≤ 32, note ≤ 2000, no unknown keys', () => {
    const bad = [
      { email: 'not-an-email' },
      { email: 'zoe@nope' },
      { email: `${'a'.repeat(320)}@b.c` },
      { phone: 'call me' },
      { phone: '1'.repeat(33) },
      { note: 'x'.repeat(2001) },
      { nmae: 'typo' },
    ];
    for (const extra of bad) {
      const result = parseCustomerUpsert({ id, company_id, name: 'Ann', ...extra }, { isNew: true });
      expect(result.ok, JSON.stringify(extra)).toBe(false);
    }
  });
});
