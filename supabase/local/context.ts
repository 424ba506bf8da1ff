import type { StackConfig } from './config';
import type { Database } from './db/database';
import type { Mailbox } from './mail';
import type { FakeStripe } from './stripe/fake-stripe';

/** What every part of the local stack's HTTP layer is given: no module-level singletons. */
export interface StackContext {
  db: Database;
  config: StackConfig;
  mailbox: Mailbox;
  /** The local stand-in for Stripe that the card-payments function talks to (supabase/local/stripe). */
  stripe: FakeStripe;
  /** The stack's own base URL (e.g. http://127.0.0.1:54321), known once the server listens. */
  apiUrl(): string;
  /** Milliseconds since the epoch; tests may pin it. */
  now(): number;
}
