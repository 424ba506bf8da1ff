// Renders the whole app in StrictMode, as main.tsx does (real router, routes, guards, auth store) in jsdom at a given URL, with a fake
// Supabase: a scripted auth client (FakeAuth) and a tiny PostgREST stand-in for the few reads the shell makes.
import '@testing-library/jest-dom/vitest';
import { StrictMode } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { createAppRouter } from '../../src/app/router';
import { Providers } from '../../src/app/providers';
import { SyncProvider } from '../../src/app/sync-context';
import { AuthStore } from '../../src/features/auth/auth-store';
import type { Supabase } from '../../src/data/remote/supabase-client';
import { createSyncRemote } from '../../src/data/remote/sync-remote';
import { createSyncServices, type SyncServices } from '../../src/data/sync/create-sync';
import type { PasswordCheck } from '../../src/data/remote/password-check';
import { CartStore, cartDatabaseName } from '../../src/data/local/cart-store';
import { FakeAuth, MemoryStorage, STORAGE_KEY } from './fake-auth';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

export interface MembershipRow {
  company_id: string;
  role: 'owner' | 'manager' | 'cashier';
  display_name: string;
  companies: { name: string; currency: string };
}

export const DEMO_MEMBERSHIP: MembershipRow = {
  company_id: 'company-1',
  role: 'owner',
  display_name: 'Olive Owner',
  companies: { name: 'Demo Shop', currency: 'EUR' },
};

/** What the report functions answer: three sales and a refund today, two products low on stock. */
const RPC_ANSWERS: Record<string, unknown> = {
  report_sales_by_day: [
    {
      day: '2026-11-21',
      sales_count: 3,
      sales_total: 1500,
      refunds_count: 1,
      refunds_total: 250,
      tax_total: 208,
      net_total: 1250,
    },
  ],
  // [FLAG-3] No flags unless a test gives some.
  list_flags: [],
  report_low_stock: ['p1', 'p2'].map((id) => ({
    store_id: 's1',
    product_id: id,
    name: `Product ${id}`,
    sku: null,
    on_hand: 1,
    reorder_level: 5,
  })),
};

export interface AppOptions {
  /** A session supabase-js already holds (and has stored). */
  session?: Session;
  /** The user's memberships, or an Error to make the read fail (offline). */
  memberships?: MembershipRow[] | Error;
  online?: boolean;
  /** Answers of rpc calls by function name (an Error fails the call; a function answers per call; null is null). */
  rpc?: Record<string, unknown>;
  /** The query cache to start from (one restored from storage, say); a fresh one otherwise. */
  queryClient?: QueryClient;
  /** The fresh password check (issue 33); by default `demo-password` is every account's password. */
  checkPassword?: PasswordCheck;
  /** Runs on the device's databases before any route reads them (shared mode on, say). */
  setUp?: (sync: SyncServices) => Promise<void>;
  /** Rows a table answers whatever the filters (memberships otherwise, as the shell reads them). */
  tables?: Record<string, unknown[]>;
  /** Edge Functions by name: what `functions.invoke` answers ({data, error}, as supabase-js does). */
  functions?: Record<string, (body: unknown) => { data: unknown; error: unknown }>;
}

/** `demo-password` is right, anything else wrong, as the local stack's demo accounts answer. */
export const demoPasswordCheck: PasswordCheck = (_email, password) =>
  Promise.resolve(
    password === 'demo-password'
      ? { ok: true }
      : { ok: false, reason: 'wrong', message: 'That password is not right.' },
  );

/** A thenable query builder: every filter returns itself, awaiting it answers `result()`. */
function builder(result: () => { data: unknown; error: unknown }) {
  const chain: Record<string, unknown> = {};
  for (const method of ['select', 'eq', 'in', 'is', 'order', 'limit', 'overrideTypes'])
    chain[method] = () => chain;
  chain.then = (resolve: (value: unknown) => unknown) => Promise.resolve(result()).then(resolve);
  return chain;
}

export function renderApp(path: string, options: AppOptions = {}) {
  const fake = new FakeAuth();
  const storage = new MemoryStorage();
  if (options.session) {
    const session = options.session;
    storage.storeSession(session);
    fake.answers.getSession = () => Promise.resolve({ data: { session }, error: null });
  }
  const rpcCalls: { name: string; args: unknown }[] = [];
  /** The tables read through `from()`, in order: what a screen fetched from the server. */
  const fromCalls: string[] = [];
  let memberships = options.memberships ?? [DEMO_MEMBERSHIP];
  const supabase = {
    auth: fake.port(),
    from: (table: string) => {
      fromCalls.push(table);
      return builder(() =>
        options.tables?.[table]
          ? { data: options.tables[table], error: null }
          : memberships instanceof Error
            ? { data: null, error: { message: memberships.message } }
            : { data: memberships, error: null },
      );
    },
    rpc: (name: string, args: unknown) => {
      rpcCalls.push({ name, args });
      const given = { ...RPC_ANSWERS, ...options.rpc }[name];
      const answer: unknown = typeof given === 'function' ? (given as (a: unknown) => unknown)(args) : given;
      if (answer instanceof Error) {
        // An Error with a `hint` plays a business rejection (P0001 with the reason code in hint).
        const hint = 'hint' in answer ? String(answer.hint) : '';
        return Promise.resolve({ data: null, error: { message: answer.message, code: '', hint } });
      }
      if (name === 'create_company' || name === 'join_company') memberships = [DEMO_MEMBERSHIP];
      // The report functions return sets of rows: with nothing given, an empty set. A given null is the answer.
      const data = answer === undefined ? (name.startsWith('report_') ? [] : {}) : answer;
      return Promise.resolve({ data, error: null });
    },
    functions: {
      invoke: (name: string, { body }: { body: unknown }) => {
        const answer = options.functions?.[name];
        return Promise.resolve(
          answer ? answer(body) : { data: null, error: new Error(`no function ${name}`) },
        );
      },
    },
  } as unknown as Supabase;
  const online = { value: options.online ?? true };
  const auth = new AuthStore({
    auth: fake.port(),
    storage,
    storageKey: STORAGE_KEY,
    isOnline: () => online.value,
    origin: 'http://localhost:4173',
  });
  void auth.initialize(); // as main.tsx does: public routes have no guard to do it
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Built but never started: routes and the nav bar read its databases (fake-indexeddb); nothing syncs here.
  const sync = createSyncServices({
    remote: createSyncRemote(supabase, { storage, storageKey: STORAGE_KEY }),
    supabaseUrl: 'http://localhost:54321',
  });
  const services = {
    supabase,
    sync,
    carts: new CartStore(cartDatabaseName('http://localhost:54321')),
    checkPassword: options.checkPassword ?? demoPasswordCheck,
  };
  const ready = options.setUp ? options.setUp(sync) : Promise.resolve();
  const router = createAppRouter(
    {
      queryClient,
      auth,
      loadSupabase: () => Promise.resolve(supabase),
      loadServices: () => ready.then(() => services),
    },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const view = render(
    <StrictMode>
      <Providers queryClient={queryClient} auth={auth}>
        <SyncProvider sync={sync}>
          <RouterProvider router={router} />
        </SyncProvider>
      </Providers>
    </StrictMode>,
  );
  const location = () => router.state.location.href;
  return {
    ...view,
    fake,
    storage,
    auth,
    router,
    queryClient,
    rpcCalls,
    fromCalls,
    location,
    online,
    sync,
    supabase,
  };
}
