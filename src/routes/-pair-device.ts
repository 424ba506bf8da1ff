// 'Pair this device' end to end (issue 33, supabase/SPEC.md [DEV-3]): the code buys this tablet its own
// credentials, it signs in with them at once (they are never stored; the session refreshes like anyone's),
// it remembers it is a paired till, and shared mode is on, since a paired till is a shared till by nature.
// The login route composes this because it joins the auth feature, the remote adapter and the ledger.
import { t } from '@lingui/core/macro';
import { unsyncedSummary } from '../data/local/unsynced-work';
import { writeSharedMode } from '../data/local/shared-till-meta';
import { pairThisDevice } from '../data/remote/pair-device';
import { pairedTill, rememberPairedTill } from '../features/auth/paired-till';
import type { RouterContext } from './-router-context';

/** Pairs and signs in; null when done, else the sentence the form shows. */
export async function pairAndSignIn(context: RouterContext, code: string): Promise<string | null> {
  const supabase = await context.loadSupabase();
  const paired = await pairThisDevice(supabase, code);
  if (!paired.ok) return paired.error.message;
  const { email, password, device } = paired.value;
  const signedIn = await context.auth.signIn(email, password);
  const userId = context.auth.getState().user?.id;
  if (!signedIn.success || userId === undefined)
    return t`This till was paired but could not sign in: connect it and ask a manager for a new code.`;
  rememberPairedTill({ userId, name: device.name, storeName: device.storeName });
  const { sync } = await context.loadServices();
  await writeSharedMode(sync.ledger, {
    on: true,
    idleMinutes: null,
    changedBy: userId,
    changedAt: new Date().toISOString(),
  });
  return null;
}

/** [DEV-11] On a till whose session is gone: how many sales wait on it (null when it was never paired). */
export async function unsyncedOnPairedTill(context: RouterContext): Promise<number | null> {
  if (pairedTill() === null) return null;
  const { sync } = await context.loadServices();
  return (await unsyncedSummary(sync.ledger)).sales;
}
