// The status object the UI shows (DESIGN §6 "Status"): the nav bar's offline / "{n} unsynced" / attention
// and the sync page. The leader tab computes it; other tabs receive it over the BroadcastChannel.
import type { PullProgress } from './pull';

export type SyncPhase =
  | 'idle'
  | 'pushing'
  | 'pulling'
  | 'offline'
  | 'waiting_retry'
  /** No session on the device: nothing to push as nobody is signed in. */
  | 'signed_out'
  /** The refresh token is dead (or nobody is signed in) while work waits: "sign in again to sync". */
  | 'needs_sign_in';

export interface SyncStatus {
  /** The browser's flag (`navigator.onLine`) when the engine last looked. */
  online: boolean;
  /**
   * [STATUS-2] What the requests say: false when the last one got no answer (Wi-Fi up, internet down), true
   * when the server answered, null before any request on this page.
   */
  serverReachable: boolean | null;
  leader: boolean;
  pending: number;
  /** ISO time the oldest op still on the device was made. */
  oldestPendingAt: string | null;
  deadLetters: number;
  /** Ops of companies the signed-in user is not a member of: they wait for one of theirs. */
  waitingForOtherUser: number;
  /** [STATUS-3] ISO time of the last complete cycle for the signed-in user, kept across reloads. */
  lastSyncedAt: string | null;
  phase: SyncPhase;
  /** Epoch ms of the next automatic retry after a failure. */
  nextRetryAt: number | null;
  lastError: string | null;
  progress: PullProgress | null;
}

export const initialStatus: SyncStatus = {
  online: true,
  serverReachable: null,
  leader: false,
  pending: 0,
  oldestPendingAt: null,
  deadLetters: 0,
  waitingForOtherUser: 0,
  lastSyncedAt: null,
  phase: 'idle',
  nextRetryAt: null,
  lastError: null,
  progress: null,
};
