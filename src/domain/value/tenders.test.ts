// [VAL-T10] The seven tender methods ([SALE-7], [VAL-12]) with DESIGN §13's labels, and what a value tender
// spends.
import { i18n } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import { paymentMethod } from '../command-fields';
import { METHOD_NAMES, paymentLabel } from '../payment-words';
import { settle, TENDER_METHODS } from '../tender';
import { accountKindOf, isValueMethod, needsCustomer, spendEntryKind, VALUE_TENDER_METHODS } from './tenders';

describe('value tenders', () => {
  test('[VAL-T10] seven methods, one list: the op schema takes each; the labels are DESIGN §13’s', () => {
    expect(TENDER_METHODS).toEqual([
      'cash',
      'card',
      'other',
      'gift_card',
      'store_credit',
      'on_account',
      'loyalty',
    ]);
    for (const method of TENDER_METHODS) expect(paymentMethod.parse(method)).toBe(method);
    expect(paymentMethod.safeParse('voucher').success).toBe(false);
    const labels = Object.fromEntries(TENDER_METHODS.map((method) => [method, i18n._(METHOD_NAMES[method])]));
    expect(labels).toEqual({
      cash: 'Cash',
      card: 'Card',
      other: 'Other',
      gift_card: 'Gift card',
      store_credit: 'Store credit',
      on_account: 'On account',
      loyalty: 'Points',
    });
    expect(paymentLabel({ method: 'gift_card' })).toBe('Gift card');
  });

  test('[VAL-T10] a value tender spends its own kind of account; all but a gift card need the customer', () => {
    expect(TENDER_METHODS.filter(isValueMethod)).toEqual([...VALUE_TENDER_METHODS]);
    expect(VALUE_TENDER_METHODS.map(accountKindOf)).toEqual([
      'gift_card',
      'store_credit',
      'on_account',
      'loyalty',
    ]);
    expect(VALUE_TENDER_METHODS.filter(needsCustomer)).toEqual(['store_credit', 'on_account', 'loyalty']);
    expect(VALUE_TENDER_METHODS.map(spendEntryKind)).toEqual(['redeem', 'redeem', 'charge', 'redeem']);
  });

  test('[VAL-T10] a value tender settles as a card does: exactly, never more than is due, no change', () => {
    const paid = settle(
      1000,
      [
        { method: 'gift_card', amount: 600 },
        { method: 'cash', amount: 500 },
      ],
      5,
    );
    expect(paid.ok && paid.value).toMatchObject({ nonCash: 600, cashDue: 400, change: 100, covered: true });
    expect(paid.ok && paid.value.payments[0]).toEqual({ method: 'gift_card', amount: 600, change: 0 });
    const over = settle(1000, [{ method: 'store_credit', amount: 1200 }], 1);
    expect(over.ok ? null : over.error.code).toBe('non_cash_exceeds_due');
  });
});
