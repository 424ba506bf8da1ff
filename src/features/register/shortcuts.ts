// The register's keyboard shortcuts (issue 7 "Working fast"): one table, read both by the key handler and
// by the `?` overlay, so what is listed is exactly what works. Pure: it maps a key press to an action name.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type ShortcutAction = 'search' | 'quantity' | 'pay' | 'newSale' | 'recentSales' | 'help';

export interface Shortcut {
  action: ShortcutAction;
  /** What the overlay shows (a descriptor: the table is read before any catalogue loads). */
  keys: string;
  description: MessageDescriptor;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'search', keys: 'F2', description: msg`Search products` },
  { action: 'quantity', keys: 'F4', description: msg`Change the quantity of the last line` },
  { action: 'recentSales', keys: 'F6', description: msg`Recent sales: reprint or refund` },
  { action: 'pay', keys: 'F9', description: msg`Pay` },
  { action: 'newSale', keys: 'F12', description: msg`New sale (after a completed sale)` },
  { action: 'help', keys: '?', description: msg`Show these shortcuts` },
];

const BY_KEY: ReadonlyMap<string, ShortcutAction> = new Map(
  SHORTCUTS.map((shortcut) => [shortcut.keys, shortcut.action]),
);

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The key was pressed in a text field, where `?` is just a character. */
  inTextField: boolean;
}

/** The action a key press asks for, or undefined when it is an ordinary key. */
export function shortcutFor(press: KeyPress): ShortcutAction | undefined {
  if (press.ctrlKey === true || press.metaKey === true || press.altKey === true) return undefined;
  const action = BY_KEY.get(press.key);
  if (action === 'help' && press.inTextField) return undefined;
  return action;
}
