// One call that builds the offline data layer for the app (src/main.tsx composes it and passes it on
// through router context): the ledger, a mirror per signed-in user, the command dependencies, the engine
// and its page runtime. Nothing here is a module-level singleton; tests build their own pieces instead.
// The server is given as its port (remote-port.ts): data/remote implements it, and the arrow runs that way.
import { systemClock } from '../../domain/clock';
import { newId } from '../../domain/ids';
import type { CommandDeps } from '../local/command-deps';
import type { TerminalRegistrar } from '../local/terminal';
import { ledgerName, mirrorName } from '../local/db-names';
import { earlyMirror } from '../local/early-catalog';
import { LedgerDb } from '../local/ledger-db';
import { MirrorDb } from '../local/mirror-db';
import { receiptMailer, type SendReceipt } from './receipt-mailer';
import type { SyncRemote } from './remote-port';
import { requestPersistence } from './storage-health';
import { SyncEngine } from './sync-engine';
import {
  browserSyncEnvironment,
  probeServer,
  startSyncRuntime,
  type SyncEnvironment,
  type SyncRuntime,
} from './sync-runtime';

/** The server as sync and till registration use it (data/remote/sync-remote.ts makes one). */
export type ServerPort = SyncRemote & TerminalRegistrar;

export interface SyncServicesOptions {
  remote: ServerPort;
  /** Names the databases: one ledger and mirrors per Supabase project. */
  supabaseUrl: string;
  env?: () => SyncEnvironment;
  /** Told of each user's mirror as it is opened (main.tsx watches it for schema upgrades). */
  onMirrorOpened?: (mirror: MirrorDb) => void;
  /** The Edge Function `send-receipt`: receipts queued at the till are mailed after a push ([RCPT-16]). */
  sendReceipt?: SendReceipt;
  /** The Edge Function `verify-approvals`: security-key approvals are checked after a push ([PASSKEY-T9]). */
  verifyApprovals?: (companyId: string) => Promise<unknown>;
}

export interface SyncServices {
  ledger: LedgerDb;
  mirrorFor(userId: string): MirrorDb;
  engine: SyncEngine;
  remote: ServerPort;
  /** For the command runners: a write tells the leader to sync shortly. */
  commandDeps: CommandDeps;
  /** Starts syncing in this page; returns stop. Safe to call again after stop (React StrictMode). */
  start(): () => void;
  /** "Sync now" from the UI. */
  syncNow(): void;
  /** After a sign-in: ask once for persistent storage ([STORE-1]). */
  afterSignIn(): Promise<boolean | null>;
  /**
   * [SIGNOUT-2] Deletes `userId`'s mirror (their copy of the shop's rows) from this device. The ledger —
   * unsynced work — is a separate database and is never touched.
   */
  forgetMirror(userId: string): Promise<void>;
}

export function createSyncServices(options: SyncServicesOptions): SyncServices {
  const ledger = new LedgerDb(ledgerName(options.supabaseUrl));
  const mirrors = new Map<string, MirrorDb>();
  const mirrorFor = (userId: string): MirrorDb => {
    let mirror = mirrors.get(userId);
    if (!mirror) {
      const name = mirrorName(options.supabaseUrl, userId);
      // A cold start onto the register opened it already to read its catalogue (P6): one connection, not two.
      mirror = earlyMirror(name) ?? new MirrorDb(name);
      mirrors.set(userId, mirror);
      options.onMirrorOpened?.(mirror);
    }
    return mirror;
  };
  const remote = options.remote;
  const engine = new SyncEngine({
    ledger,
    mirrorFor,
    remote,
    now: () => Date.now(),
    random: Math.random,
    isOnline: () => navigator.onLine,
    ...(options.sendReceipt ? { afterPush: receiptMailer(ledger, options.sendReceipt) } : {}),
    ...(options.verifyApprovals ? { verifyApprovals: options.verifyApprovals } : {}),
  });
  let runtime: SyncRuntime | null = null;
  const commandDeps: CommandDeps = {
    ledger,
    ids: newId,
    clock: systemClock,
    onWrite: () => runtime?.noteLocalWrite(),
  };
  return {
    ledger,
    mirrorFor,
    engine,
    remote,
    commandDeps,
    start() {
      const env =
        options.env ?? (() => ({ ...browserSyncEnvironment(), probe: probeServer(options.supabaseUrl) }));
      const current = runtime ?? startSyncRuntime(engine, env());
      runtime = current;
      return () => {
        current.stop();
        if (runtime === current) runtime = null;
      };
    },
    syncNow() {
      if (runtime) runtime.syncNow();
      else void engine.syncNow();
    },
    afterSignIn: () => requestPersistence(typeof navigator === 'undefined' ? undefined : navigator.storage),
    async forgetMirror(userId) {
      const mirror = mirrors.get(userId) ?? new MirrorDb(mirrorName(options.supabaseUrl, userId));
      mirrors.delete(userId);
      await mirror.delete();
    },
  };
}
