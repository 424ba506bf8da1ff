// Which card reader this till pays on, for the register (issue 20): what the device last heard, at once, and
// then the server's answer, asked in the background when the register opens and whenever the device comes
// back online. Nothing at the counter waits for it ([CARD-10]).
import { useEffect, useState } from 'react';
import type { TillCardReader } from '../../../data/local/till-card-reader';
import type { RegisterCardReader } from '../register-deps';

export function useTillReader(cardReader: RegisterCardReader | undefined): TillCardReader | null {
  const [reader, setReader] = useState<TillCardReader | null>(() => cardReader?.known() ?? null);
  useEffect(() => {
    if (!cardReader) return;
    let live = true;
    const ask = () => {
      if (!navigator.onLine) return;
      cardReader.refresh().then(
        (answer) => {
          if (live) setReader(answer);
        },
        () => undefined, // unreachable or refused: the device keeps what it knew
      );
    };
    ask();
    window.addEventListener('online', ask);
    return () => {
      live = false;
      window.removeEventListener('online', ask);
    };
  }, [cardReader]);
  return cardReader ? reader : null;
}
