// The local stack's simulated card reader at the register (issue 20), like the virtual printer's 'Printer
// output': a person trying Tillpoint locally "presents a card" here — Stripe's test cards approve or decline,
// or the reader times out. Lazy, and shown only when the local stack says it holds this reader: against a
// real Supabase project these routes do not exist and nothing shows.
import { useEffect, useState } from 'react';
import type { TillCardReader } from '../../../data/local/till-card-reader';
import type { ReaderSimulator } from '../register-deps';
import './reader-simulator.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';

const CARDS = [
  { name: msg`Approve (4242…)`, number: '4242424242424242' },
  { name: msg`Decline`, number: '4000000000000002' },
  { name: msg`Insufficient funds`, number: '4000000000009995' },
] as const;

export function ReaderSimulatorPanel({
  reader,
  simulator,
}: {
  reader: TillCardReader;
  simulator: ReaderSimulator;
}) {
  const { t } = useLingui();
  const readerLabel = reader.label;
  const [held, setHeld] = useState<boolean | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const id = reader.stripeReaderId;
  useEffect(() => {
    let live = true;
    void simulator.knows(id).then((knows) => {
      if (live) setHeld(knows);
    });
    return () => {
      live = false;
    };
  }, [simulator, id]);
  if (held !== true) return null;

  const act = (work: () => Promise<void>, done: string) => {
    setAnswer(null);
    work().then(
      () => {
        setAnswer(done);
      },
      (error: unknown) => {
        setAnswer(error instanceof Error ? error.message : String(error));
      },
    );
  };
  return (
    <section className="reader-simulator" aria-label={t`Simulated reader`}>
      <h2 className="reader-simulator__title">
        <Trans>Simulated reader</Trans>
      </h2>
      <p className="reader-simulator__note">
        <Trans>
          {readerLabel}, on the local stack. Present a test card while the register waits for one.
        </Trans>
      </p>
      <div className="reader-simulator__buttons">
        {CARDS.map((card) => {
          const cardName = t(card.name);
          return (
            <button
              key={card.number}
              type="button"
              className="button button--secondary"
              onClick={() => {
                act(() => simulator.present(id, card.number), t`${cardName}: presented.`);
              }}
            >
              {cardName}
            </button>
          );
        })}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            act(() => simulator.timeOut(id), t`The reader timed out.`);
          }}
        >
          <Trans>Time out</Trans>
        </button>
      </div>
      {answer !== null ? (
        <p className="reader-simulator__answer" role="status">
          {answer}
        </p>
      ) : null}
    </section>
  );
}

export default ReaderSimulatorPanel;
