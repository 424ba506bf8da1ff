import { describe, expect, test } from 'vitest';
import { readSend, readTransferReceipt } from './transfer-lines';

const croissant = { id: 'p1', name: 'Croissant', weighed: false };
const flour = { id: 'p2', name: 'Flour', weighed: true };

describe('[PUR-T10] reading a transfer to send', () => {
  test('a line at 0 is not sent; below 0, a word or a part of a unit is refused in words', () => {
    const read = readSend([
      { transferLineId: 'l1', product: croissant, sentText: '3' },
      { transferLineId: 'l2', product: flour, sentText: '0' },
    ]);
    expect(read.valid).toBe(true);
    expect(read.toSend).toEqual([{ transferLineId: 'l1', productId: 'p1', sent: 3000 }]);
    const bad = readSend([
      { transferLineId: 'l1', product: croissant, sentText: '-1' },
      { transferLineId: 'l2', product: croissant, sentText: '1.5' },
      { transferLineId: 'l3', product: flour, sentText: 'lots' },
    ]);
    expect(bad.valid).toBe(false);
    expect(bad.errors).toEqual([
      'A quantity cannot be below zero',
      'Croissant is counted in whole units',
      'Enter a number, like 12 or 2.5',
    ]);
  });
});

describe('[PUR-T11] reading a transfer receipt', () => {
  const line = { transferLineId: 'l1', product: croissant, inTransit: 5000, seenReceived: 1000 };
  test('received and damaged together within in transit post without a question', () => {
    const read = readTransferReceipt([{ ...line, receivedText: '4', damagedText: '1' }]);
    expect(read.questions).toEqual([]);
    expect(read.toPost).toEqual([
      { transferLineId: 'l1', productId: 'p1', received: 4000, damaged: 1000, seenReceived: 1000 },
    ]);
  });
  test('more than in transit asks, and is posted whole on yes; an empty line posts nothing', () => {
    const read = readTransferReceipt([
      { ...line, receivedText: '5', damagedText: '1' },
      { ...line, transferLineId: 'l2', receivedText: '', damagedText: '' },
    ]);
    expect(read.questions).toEqual([
      { productId: 'p1', text: 'Croissant: only 5 were sent. Receive 6?', yes: 'Receive 6' },
    ]);
    expect(read.toPost).toHaveLength(1);
  });
});
