// A print sent to the till's receipt printer from a screen (issue 19): 'Printing…', then done, or what went
// wrong in a cashier's words with 'Print again', which sends the same job again. The register's receipts,
// the shifts screen's X and Z reports and the sales screen's reprints all show it the same way; the printer
// itself is the printing feature's, and this only needs its answer.
import { Trans } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import { Alert } from './alert';

export type PrintOutcome = { ok: true } | { ok: false; message: string };

export type PrintJobState = { kind: 'idle' | 'printing' | 'printed' } | { kind: 'failed'; message: string };

/** A job is told whether it follows a tap: a printer that needs one (Web Bluetooth) may be asked for then. */
export type PrintJob = (gesture: boolean) => Promise<PrintOutcome>;

export function usePrintJob() {
  const [state, setState] = useState<PrintJobState>({ kind: 'idle' });
  const last = useRef<PrintJob | null>(null);
  const start = useCallback(async (job: PrintJob, gesture: boolean) => {
    last.current = job;
    setState({ kind: 'printing' });
    const outcome = await job(gesture);
    setState(outcome.ok ? { kind: 'printed' } : { kind: 'failed', message: outcome.message });
  }, []);
  /** 'Print again' is a tap. */
  const again = useCallback(() => {
    if (last.current) void start(last.current, true);
  }, [start]);
  return { state, start, again };
}

export function PrintJobStatus({
  state,
  title,
  after,
  onAgain,
}: {
  state: PrintJobState;
  /** "The receipt did not print". */
  title: string;
  /** What is safe whatever the printer did: "The sale is saved." */
  after?: string;
  onAgain: () => void;
}) {
  if (state.kind === 'printing') {
    return (
      <p className="print-job__printing no-print" role="status">
        <Trans>Printing…</Trans>
      </p>
    );
  }
  if (state.kind !== 'failed') return null;
  return (
    <div className="print-job__failed no-print">
      <Alert tone="warning" title={title}>
        {state.message}
        {after ? ` ${after}` : ''}
      </Alert>
      <button type="button" className="button button--secondary" onClick={onAgain}>
        <Trans>Print again</Trans>
      </button>
    </div>
  );
}
