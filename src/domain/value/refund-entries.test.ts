import { describe, expect, test } from 'vitest';
import { customerAccountId, md5Uuid } from './account-id';
import { refundValueEntries } from './refund-entries';

const line = (id: string, of: string, total: number) => ({
  id,
  refund_of_line_id: of,
  quantity: 1,
  tax: 0,
  total,
});

describe('a refund’s customer value entries', () => {
  test('[VAL-15] [VAL-T31] a refund to store credit is one refund entry on the customer’s derived account, the payment’s id', async () => {
    const credit = await customerAccountId('d4700000-0000-4000-8000-000000000001', 'store_credit');
    const entries = refundValueEntries(
      {
        lines: [line('r1', 'l1', 1200)],
        payments: [{ id: 'p1', method: 'store_credit', amount: 1200 }],
      },
      { customer: { store_credit: credit }, giftCards: new Map(), unearn: null },
    );
    expect(entries).toEqual([
      { id: 'p1', account_id: credit, kind: 'refund', delta: 1200, tender_method: 'store_credit' },
    ]);
  });

  test('[VAL-15] [VAL-T31] a refund onto a gift card names the card; cash, card and other write nothing', () => {
    const entries = refundValueEntries(
      {
        lines: [line('r1', 'l1', 900)],
        payments: [
          { id: 'p1', method: 'gift_card', amount: 500, account_id: 'card-1' },
          { id: 'p2', method: 'cash', amount: 400 },
        ],
      },
      { customer: {}, giftCards: new Map(), unearn: null },
    );
    expect(entries).toEqual([
      { id: 'p1', account_id: 'card-1', kind: 'refund', delta: 500, tender_method: 'gift_card' },
    ]);
  });

  test('[VAL-16] [VAL-T31] a refunded gift-card line takes its value back off the card with the refund line’s id', () => {
    const entries = refundValueEntries(
      { lines: [line('r1', 'gift-line', 2500), line('r2', 'l2', 300)], payments: [] },
      { customer: {}, giftCards: new Map([['gift-line', 'card-9']]), unearn: null },
    );
    expect(entries).toEqual([
      { id: 'r1', account_id: 'card-9', kind: 'unissue', delta: -2500, tender_method: null },
    ]);
  });

  test('[VAL-17] [VAL-T31] the points taken back are one unearn entry with the server’s id, md5(refund ‖ ":unearn")', async () => {
    const entryId = await md5Uuid('0193a0f4-0000-7000-8000-000000000009:unearn');
    expect(entryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const entries = refundValueEntries(
      { lines: [line('r1', 'l1', 1000)], payments: [], loyalty: { unearned: 7 } },
      { customer: {}, giftCards: new Map(), unearn: { accountId: 'pts', entryId } },
    );
    expect(entries).toEqual([
      { id: entryId, account_id: 'pts', kind: 'unearn', delta: -7, tender_method: null },
    ]);
  });
});
