import { describe, expect, test } from 'vitest';
import type { ActivityEvent } from '../../data/remote/activity';
import { describeActivity } from './activity-words';

const event = (kind: ActivityEvent['kind'], detail: Record<string, unknown>): ActivityEvent => ({
  id: 'e1',
  terminalId: null,
  staffId: null,
  kind,
  detail,
  occurredAt: '2026-11-26T10:00:00Z',
  verified: false,
});
const nobody = () => '—';

describe('an event in words', () => {
  test('[SCALE-7] a flagged scale label says which label, which line and what does not match', () => {
    const flagged = event('scale_label', {
      op: 'sale.record',
      subject_id: 's1',
      reason: 'unverified_scale_label',
      problem: 'other_price',
      label: '2100004002357',
      name: 'Bananas',
    });
    expect(describeActivity(flagged, nobody)).toBe(
      'Label 2100004002357 on the line Bananas carries another price; op: sale.record; subject id: s1',
    );
    const unreadable = event('scale_label', {
      problem: 'unreadable_no_layout',
      label: '2900001001234',
      name: 'Ham',
    });
    expect(describeActivity(unreadable, nobody)).toBe(
      'Label 2900001001234 on the line Ham did not read with this shop’s scale layouts',
    );
  });

  test('an approval names what was approved, and unknown fields are listed as they came', () => {
    expect(describeActivity(event('approval', { action: 'refund', till_note: 'ok' }), nobody)).toBe(
      'Approved a refund; till note: ok',
    );
  });
});
