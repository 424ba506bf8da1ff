// [PUR-37] stocktake_review's answer read into the screens' shape: numeric quantities as thousandths, a
// missing cost as null, replaced and late counts kept apart, the narrowed scope's id.
import { describe, expect, test } from 'vitest';
import { decodeReview } from './stocktakes';

describe('decodeReview', () => {
  test('[PUR-37] reads the stocktake, its lines and counts, the uncounted, the out of scope and the unsynced tills', () => {
    const review = decodeReview({
      stocktake: {
        id: 's',
        number: 'ST-0001',
        store_id: 'st',
        scope: 'supplier',
        supplier_id: 'sup',
        status: 'approved',
        opened_at: 'o',
        approved_at: 'a',
        note: null,
      },
      lines: [
        {
          product_id: 'p',
          name: 'Croissant',
          sku: null,
          expected: 35,
          counted: '33.5',
          variance: -1.5,
          variance_value: null,
          counts: [
            {
              id: 'c',
              counted: 33.5,
              zone: null,
              terminal_id: 't',
              counted_at: 'x',
              replaced: true,
              late: false,
            },
          ],
        },
      ],
      not_counted: [{ product_id: 'j', name: 'Jam', sku: 'J', on_hand: 4 }],
      out_of_scope: [],
      unsynced_tills: [{ terminal_id: 't', name: 'Till 2', last_synced_at: null }],
    });
    expect(review).toMatchObject({
      number: 'ST-0001',
      scope: 'supplier',
      scopeId: 'sup',
      status: 'approved',
    });
    expect(review.lines[0]).toMatchObject({
      expected: 35_000,
      counted: 33_500,
      variance: -1_500,
      varianceValue: null,
    });
    expect(review.lines[0]?.counts[0]).toMatchObject({ counted: 33_500, replaced: true, late: false });
    expect(review.notCounted).toEqual([{ productId: 'j', name: 'Jam', sku: 'J', onHand: 4_000 }]);
    expect(review.unsyncedTills).toEqual([{ terminalId: 't', name: 'Till 2', lastSyncedAt: null }]);
  });
});
