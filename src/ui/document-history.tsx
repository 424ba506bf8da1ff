// A back-office document's history (a purchase order's, a transfer's): every change of state the server
// recorded, when, and who made it. The document's own screen says how its statuses read.
import { useLingui } from '@lingui/react/macro';
import './document.css';

export interface DocumentEvent {
  id: string;
  fromStatus: string | null;
  toStatus: string | null;
  occurredAt: string;
  /** Who, as the server recorded it, when it is known. */
  who: string | null;
}

export function DocumentHistory({
  id,
  events,
  statusWords,
  when,
  empty,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  events: readonly DocumentEvent[];
  /** A status as a person reads it; a missing one (the document's creation) as ''. */
  statusWords: (status: string | null) => string;
  when: (at: string) => string;
  /** Said when nothing has happened yet, in the document's own words. */
  empty: string;
}) {
  const { t } = useLingui();
  return (
    <section className="document-history" aria-labelledby={id}>
      <h2 className="section-title" id={id}>
        {t`History`}
      </h2>
      {events.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ol>
          {events.map((event) => {
            const at = when(event.occurredAt);
            const from = statusWords(event.fromStatus);
            const to = statusWords(event.toStatus);
            const who = event.who ?? '';
            return (
              <li key={event.id}>
                {from === '' ? t`${at}: ${to}` : t`${at}: ${from} → ${to}`}
                {who === '' ? null : <span className="document__minor"> — {who}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
