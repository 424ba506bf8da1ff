// The virtual printer's paper (issue 19): each job decoded from the bytes the printer would have received,
// newest last, with [cut] and [drawer kick] where a real printer would cut or open the drawer. Lazy: the
// decoder and its code page tables load only where a virtual printer is set.
import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { decodePrint } from './printer-decoder';
import { virtualRoll, type VirtualRoll } from './virtual-printer';
import './printing.css';

export function VirtualPrinterPanel({ roll = virtualRoll }: { roll?: VirtualRoll }) {
  const { t } = useLingui();
  const jobs = useSyncExternalStore(roll.subscribe, roll.get);
  return (
    <section className="virtual-printer" aria-label={t`Printer output`}>
      <header className="virtual-printer__head">
        <h2 className="virtual-printer__title">
          <Trans>Printer output</Trans>
        </h2>
        <button
          type="button"
          className="button button--ghost"
          disabled={jobs.length === 0}
          onClick={() => {
            roll.clear();
          }}
        >
          <Trans>Clear</Trans>
        </button>
      </header>
      {jobs.length === 0 ? (
        <p className="virtual-printer__empty">
          <Trans>Nothing printed yet.</Trans>
        </p>
      ) : (
        <ol className="virtual-printer__jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              <pre className="virtual-printer__paper" data-testid="printed">
                {decodePrint(job.bytes, job.language).join('\n')}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default VirtualPrinterPanel;
