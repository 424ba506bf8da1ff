// The lazily built Supabase client (P7): a guest's start-up builds nothing, the first real use builds it
// once, and auth listeners registered before then hear everything after it.
import { describe, expect, test } from 'vitest';
import type { Supabase } from '../data/remote/supabase-client';
import { FakeAuth, makeSession, makeUser, MemoryStorage, STORAGE_KEY } from '../../tests/support/fake-auth';
import { lazySupabase } from './lazy-supabase';

function setup() {
  const fake = new FakeAuth();
  const storage = new MemoryStorage();
  const events = new EventTarget();
  let built = 0;
  const lazy = lazySupabase({
    create: () => {
      built += 1;
      return Promise.resolve({ auth: fake.port() } as unknown as Supabase);
    },
    storage,
    storageKey: STORAGE_KEY,
    storageEvents: events,
  });
  const heard: string[] = [];
  const listen = () =>
    lazy.auth.onAuthStateChange((event) => {
      heard.push(event);
    }).data.subscription;
  return { fake, storage, events, lazy, heard, listen, built: () => built };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazySupabase', () => {
  test('with no session stored, start-up (getSession, a listener) builds no client', async () => {
    const { lazy, listen, built } = setup();
    listen();
    expect(await lazy.auth.getSession()).toEqual({ data: { session: null }, error: null });
    expect(built()).toBe(0);
  });

  test('a stored session is asked of the client', async () => {
    const { lazy, storage, fake, built } = setup();
    storage.storeSession(makeSession(makeUser()));
    await lazy.auth.getSession();
    expect(built()).toBe(1);
    expect(fake.called('getSession')).toHaveLength(1);
  });

  test('the first action builds the client once, after its "no session" answer, and listeners hear it', async () => {
    const { lazy, listen, fake, heard, built } = setup();
    listen();
    await Promise.all([lazy.auth.signInWithPassword({ email: 'a@b.test', password: 'pw' }), lazy.load()]);
    expect(built()).toBe(1);
    expect(fake.calls.map((call) => call.method)).toEqual(['getSession', 'signInWithPassword']);
    fake.emit('SIGNED_IN', makeSession(makeUser()));
    expect(heard).toEqual(['SIGNED_IN']);
  });

  test("another tab's stored session builds the client, so this tab hears the sign-in", async () => {
    const { events, listen, built } = setup();
    listen();
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'other', newValue: 'x' }));
    expect(built()).toBe(0);
    events.dispatchEvent(Object.assign(new Event('storage'), { key: STORAGE_KEY, newValue: '{}' }));
    await settle();
    expect(built()).toBe(1);
  });

  test('a listener that unsubscribed before or after the client was built hears nothing', async () => {
    const { lazy, listen, fake, heard } = setup();
    listen().unsubscribe();
    const later = listen();
    await lazy.load();
    later.unsubscribe();
    fake.emit('SIGNED_OUT', null);
    expect(heard).toEqual([]);
  });
});
