// What a shared till's screens are given (issue 18): the ledger's command deps (lockouts and activity ops),
// the mirror (staff and the shop's rules), the shop, the signed-in user, the page's till session and a clock.
// The route builds them from the app's services; dom tests pass fake-indexeddb and a pinned clock.
import type { CommandDeps } from '../../data/local/command-deps';
import { browserWebAuthn, type WebAuthnPort } from '../../data/devices/webauthn';
import { onlinePinCheck, type OnlinePinCheck } from '../../data/remote/staff-pin-check';
import type { Supabase } from '../../data/remote/supabase-client';
import type { MirrorDb } from '../../data/local/mirror-db';
import { recordActivity } from '../../data/ops/activity-record';
import type { ActivityKind } from '../../domain/activity-event';
import type { Approval } from '../../domain/cashier-stamp';
import { signProof } from '../../domain/staff-pin';
import type { SyncServices } from '../../data/sync/create-sync';
import { tillSession, type AtCounter, type TillSession } from './till-session';

export interface SharedTillDeps {
  commandDeps: CommandDeps;
  mirror: MirrorDb;
  companyId: string;
  userId: string | null;
  session: TillSession;
  /** Epoch milliseconds (lockouts and idle time). */
  now: () => number;
  /** [PIN-6] Checks a PIN on the server, for people whose PIN material this device does not hold. */
  checkPinOnline?: OnlinePinCheck;
  /** [PASSKEY-T7] The browser's WebAuthn (absent: no security keys on this screen; dom tests fake it). */
  webauthn?: WebAuthnPort;
}

/**
 * Queues one `activity.record` op. `who` is the person the event is about when their key is in memory (the
 * op carries their proof); otherwise the event names nobody and says who in its detail. An event that cannot
 * be written (no till set up) is not worth stopping the counter for.
 */
export async function logActivity(
  deps: SharedTillDeps,
  kind: ActivityKind,
  detail: Record<string, unknown>,
  who: Pick<AtCounter, 'id' | 'key'> | null,
  /** The event's id when an approval was signed for it before (a removed line), and that approval. */
  signed: { id: string; approval: Approval | null } | null = null,
): Promise<void> {
  const id = signed?.id ?? deps.commandDeps.ids();
  const approval = signed?.approval ?? null;
  const stamp = who
    ? {
        cashier_id: who.id,
        cashier_proof: await signProof(who.key, 'cashier', deps.companyId, 'activity.record', id, 'sell'),
      }
    : { cashier_id: null };
  const recorded = await recordActivity(deps.commandDeps, {
    companyId: deps.companyId,
    id,
    kind,
    detail,
    stamp: approval ? { ...stamp, approval } : stamp,
  });
  if (!recorded.ok) console.warn('Could not log till activity', recorded.error.message);
}

/** The deps as a route builds them from the app's sync services, for the page's one till session. */
export function sharedTillDepsFrom(
  sync: Pick<SyncServices, 'commandDeps' | 'mirrorFor'>,
  userId: string,
  companyId: string,
  supabase: Supabase,
): SharedTillDeps {
  return {
    commandDeps: sync.commandDeps,
    mirror: sync.mirrorFor(userId),
    companyId,
    userId,
    session: tillSession,
    now: Date.now,
    checkPinOnline: onlinePinCheck(supabase, companyId),
    webauthn: browserWebAuthn,
  };
}
