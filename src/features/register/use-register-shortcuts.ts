// Listens for the register's keyboard shortcuts (shortcuts.ts) on the document, wherever the focus is.
import { useEffect, useRef } from 'react';
import { shortcutFor, type ShortcutAction } from './shortcuts';

export type ShortcutHandlers = Record<ShortcutAction, () => void>;

function inTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

export function useRegisterShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  }, [handlers]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inTextField: inTextField(event.target),
      });
      if (action === undefined) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
