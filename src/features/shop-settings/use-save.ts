// One way every settings form saves: run the write, then refresh what the page shows and let the till's
// mirror follow (the caller's `onSaved`: query invalidation and "Sync now"). A failure keeps the form as typed.
import { useState } from 'react';

export interface SaveState {
  busy: boolean;
  error: string | null;
  done: string | null;
}

export function useSave(onSaved: () => void) {
  const [state, setState] = useState<SaveState>({ busy: false, error: null, done: null });
  const save = async (write: () => Promise<unknown>, doneMessage: string): Promise<boolean> => {
    setState({ busy: true, error: null, done: null });
    try {
      await write();
      setState({ busy: false, error: null, done: doneMessage });
      onSaved();
      return true;
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : String(error), done: null });
      return false;
    }
  };
  return { ...state, save };
}
