// Tabs talk over one BroadcastChannel: the leader posts its status; any tab asks the leader to sync now or
// says it just wrote to the ledger. Without BroadcastChannel (jsdom) it is a no-op channel.
import type { SyncStatus } from './sync-status';

export const SYNC_CHANNEL = 'tillpoint-sync';

export type SyncMessage = { type: 'status'; status: SyncStatus } | { type: 'sync-now' } | { type: 'wrote' };

export interface SyncChannel {
  post(message: SyncMessage): void;
  close(): void;
}

export function openSyncChannel(
  Channel: typeof BroadcastChannel | undefined,
  onMessage: (message: SyncMessage) => void,
): SyncChannel {
  if (Channel === undefined) return { post: () => undefined, close: () => undefined };
  const channel = new Channel(SYNC_CHANNEL);
  channel.onmessage = (event: MessageEvent<SyncMessage>) => {
    onMessage(event.data);
  };
  return {
    post: (message) => {
      channel.postMessage(message);
    },
    close: () => {
      channel.close();
    },
  };
}
