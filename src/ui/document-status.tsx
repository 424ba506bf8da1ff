// The head of a back-office document's screen: its number (or what stands for it before the server numbers
// it) and its status as a badge.
import type { ReactNode } from 'react';
import './document.css';

export function DocumentStatus({
  number,
  status,
  words,
}: {
  number: ReactNode;
  status: string;
  words: string;
}) {
  return (
    <p className="document__status">
      <span className="document__number">{number}</span>{' '}
      <span className={`document__badge document__badge--${status}`}>{words}</span>
    </p>
  );
}
