// A mirror read follows the mirror: a list read before the first pull fills in when the rows arrive, without
// the screen asking again (a transfer opened right after signing in said 'Unknown product' for its lines).
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import Dexie, { type EntityTable } from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { useMirrorRead } from './use-mirror-read';

interface Row {
  id: string;
  name: string;
}

class Mirror extends Dexie {
  products!: EntityTable<Row, 'id'>;
  constructor() {
    super(`use-mirror-read-${crypto.randomUUID()}`);
    this.version(1).stores({ products: 'id' });
  }
}

const opened: Mirror[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

test('pending, then the empty list the mirror has, then the products once a pull writes them', async () => {
  const mirror = new Mirror();
  opened.push(mirror);
  const read = () => mirror.products.orderBy('id').toArray();
  const { result } = renderHook(() => useMirrorRead(read));
  expect(result.current).toEqual({ isPending: true, data: undefined });
  await waitFor(() => {
    expect(result.current).toEqual({ isPending: false, data: [] });
  });
  await mirror.products.bulkPut([
    { id: 'p1', name: 'Blue pen' },
    { id: 'p2', name: 'Blue pencil' },
  ]);
  await waitFor(() => {
    expect(result.current.data?.map((row) => row.name)).toEqual(['Blue pen', 'Blue pencil']);
  });
});
