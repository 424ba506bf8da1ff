// The words every list uses for a row's sync state (data/local's SyncState): one place, so the sales,
// customers, stock and register lists never drift apart. Each word is read when shown (a getter), in the
// screens' language: the lists keep writing SYNC_STATE_WORDS[state].
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const SYNCED = msg`Synced`;
const PENDING = msg`Pending`;
const ATTENTION = msg`Needs attention`;

export const SYNC_STATE_WORDS = {
  get synced() {
    return i18n._(SYNCED);
  },
  get pending() {
    return i18n._(PENDING);
  },
  get attention() {
    return i18n._(ATTENTION);
  },
} as const satisfies Record<string, string>;
