import { afterEach, describe, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../lib/i18n/catalogs';
import type { ActivityEvent } from '../../data/remote/activity';
import { describeActivity, eventPersonId, type ActivityReader } from './activity-words';

const PAT = 'a0000000-0000-4000-8000-000000000001';
const MIA = 'a0000000-0000-4000-8000-000000000002';
const SALE = 'b0000000-0000-4000-8000-000000000009';

const event = (
  kind: ActivityEvent['kind'],
  detail: Record<string, unknown>,
  staffId: string | null = null,
): ActivityEvent => ({
  id: 'e1',
  terminalId: null,
  staffId,
  kind,
  detail,
  occurredAt: '2026-11-26T10:00:00Z',
  verified: false,
});
const reader: ActivityReader = {
  nameOf: (id) => ({ [PAT]: 'Pat', [MIA]: 'Mia Manager' })[id] ?? null,
  money: (minor) => `€${(minor / 100).toFixed(2)}`,
};

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
    // [WORDS-5] The op and the row's id are the server's business: they no longer trail the sentence.
    expect(describeActivity(flagged, reader)).toBe(
      'Label 2100004002357 on the line Bananas carries another price',
    );
    const unreadable = event('scale_label', {
      problem: 'unreadable_no_layout',
      label: '2900001001234',
      name: 'Ham',
    });
    expect(describeActivity(unreadable, reader)).toBe(
      'Label 2900001001234 on the line Ham did not read with this shop’s scale layouts',
    );
  });

  test('an approval names who approved what, and other plain words are listed as they came', () => {
    expect(describeActivity(event('approval', { action: 'refund', till_note: 'ok' }, MIA), reader)).toBe(
      'Mia Manager approved a refund; till note: ok',
    );
  });

  test('[WORDS-5] wrong PINs name the person they were tried for, never "Nobody named"', () => {
    const missed = event('pin_failed', { staff_id: PAT, name: 'Pat', misses: 3 });
    expect(eventPersonId(missed)).toBe(PAT);
    expect(describeActivity(missed, reader)).toBe('3 wrong PINs tried for Pat before the right one');
    const lockout = event('pin_lockout', { staff_id: PAT, name: 'Pat', failures: 5 });
    expect(describeActivity(lockout, reader)).toBe('Pat was locked out after 5 wrong PINs');
    // Someone the shop's list no longer has is still named by the name the till wrote.
    const gone = event('pin_failed', { staff_id: SALE, name: 'Sam', misses: 1 });
    expect(describeActivity(gone, reader)).toBe('1 wrong PIN tried for Sam before the right one');
  });

  test('[WORDS-5] every event reads as a sentence with names; no ids, JSON or minor units show', () => {
    const cases: [ActivityEvent, string][] = [
      [event('switch', { name: 'Pat' }, PAT), 'Pat took over the till'],
      [event('lock', { reason: 'sale', name: 'Pat' }, PAT), 'Pat locked the till after a sale'],
      [
        event('lockout_cleared', { staff_id: PAT, name: 'Pat', by: 'Mia Manager' }, MIA),
        'Mia Manager cleared the lockout of Pat',
      ],
      [
        event(
          'approval',
          {
            action: 'price_override',
            subject_id: SALE,
            what: 'Croissant at €1.00',
            by: MIA,
            op: 'sale.record',
            passkey: { credential_id: 'abc', signature: 'xyz' },
          },
          PAT,
        ),
        'Mia Manager approved a price override: Croissant at €1.00',
      ],
      [
        event('line_voided', { name: 'Croissant', quantity: 2, total: 500 }, PAT),
        'Pat removed 2 × Croissant from the sale (€5.00)',
      ],
      [event('no_sale', {}, PAT), 'Pat opened the drawer without a sale'],
      [event('shared_mode', { on: true }), 'Shared mode turned on'],
      [
        event('modifier', {
          op: 'sale.record',
          subject_id: SALE,
          issues: [{ issue: 'price_changed', option_id: SALE }],
        }),
        'Sale recorded with a modifier sold at an old price',
      ],
    ];
    for (const [each, words] of cases) {
      const text = describeActivity(each, reader);
      expect(text).toBe(words);
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|[{}[\]"]|sale\.record/);
    }
  });
});

describe('an event in the reader’s language (issue 35)', () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', locales: ['en-GB'], messages: {} });
  });

  test('whole sentences with their plurals, never English pieces', async () => {
    i18n.loadAndActivate({ locale: 'de', locales: ['de-DE'], messages: await loadMessages('de') });
    expect(describeActivity(event('pin_failed', { misses: 1 }, PAT), reader)).toBe(
      '1 falsche PIN für Pat vor der richtigen',
    );
    expect(describeActivity(event('pin_lockout', { failures: 5, seconds: 30 }, PAT), reader)).toBe(
      'Pat wurde nach 5 falschen PINs für 30 s gesperrt',
    );
    i18n.loadAndActivate({ locale: 'fr', locales: ['fr-FR'], messages: await loadMessages('fr') });
    expect(describeActivity(event('lock', { reason: 'sale' }, MIA), reader)).toBe(
      'Mia Manager a verrouillé la caisse après une vente',
    );
  });
});

describe('[VAL-19] [VAL-28] customer-value events in words', () => {
  test('a missed gift-card code names who typed it, never the code; a block names the manager', () => {
    expect(describeActivity(event('value_code_failed', { length: 16 }, PAT), reader)).toBe(
      'Pat typed or scanned a gift-card code that matched no card',
    );
    expect(
      describeActivity(event('value_status', { status: 'blocked', account_id: SALE }, MIA), reader),
    ).toBe('Mia Manager blocked a gift card or account');
  });
});
