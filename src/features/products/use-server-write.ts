// One server write from a back-office panel: busy while it runs, its refusal or its success in words, and a
// pull afterwards so the mirror (and the panel) follows the server (product-writes.ts).
import { useState } from 'react';
import type { Result } from '../../domain/result';

export interface PanelMessage {
  tone: 'error' | 'success';
  text: string;
}

export function useServerWrite(syncNow: () => void) {
  const [message, setMessage] = useState<PanelMessage | null>(null);
  const [busy, setBusy] = useState(false);
  /** Answers whether the write was made. */
  const run = async (write: () => Promise<Result<void>>, done: string): Promise<boolean> => {
    setBusy(true);
    const written = await write();
    setBusy(false);
    if (!written.ok) {
      setMessage({ tone: 'error', text: written.error.message });
      return false;
    }
    syncNow();
    setMessage({ tone: 'success', text: done });
    return true;
  };
  const refuse = (text: string) => {
    setMessage({ tone: 'error', text });
  };
  return { message, busy, run, refuse };
}
