// The peer beside P1 and P5 (issue 17), from the runner's side: runs the harness's RxDB cases
// (tests/bench/harness/peer-cases.ts) and makes a row's peer figure. A peer that cannot run leaves
// Tillpoint's figures standing and says why; the bench then exits 1, as for any benchmark that cannot run.
import type { Page } from '@playwright/test';
import { formatFigure, peerFigure, type PeerFigure } from '../report';
import { median } from '../stats';
import { call } from './harness-call';

/**
 * How long one peer run may take: room for the full bench's 10,000-sale push on a loaded machine, and an end
 * to a hang. A push to a column rxdb_sales lacked kept the page busy for good, with no error from the
 * plugin and none of the page's own timers firing, so the limit is kept here, outside the page.
 */
const PEER_CALL_DEADLINE_MS = 10 * 60_000;

export interface PeerSamples {
  ms: number[];
  /** What the last run ended with: documents pulled (P1) or sales on the server (P5). */
  rows: number;
  error: string | undefined;
}

export function peerSamples(): PeerSamples {
  return { ms: [], rows: 0, error: undefined };
}

/** One timed peer run into `samples`; `expected` rows, when given, must all be there. */
export async function runPeer(
  samples: PeerSamples,
  label: string,
  work: () => Promise<{ ms: number; rows: number }>,
  log: (text: string) => void,
  expected?: number,
): Promise<void> {
  if (samples.error !== undefined) return;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    deadline = setTimeout(() => {
      reject(new Error(`no answer in ${PEER_CALL_DEADLINE_MS / 60_000} minutes`));
    }, PEER_CALL_DEADLINE_MS);
  });
  try {
    const result = await Promise.race([work(), givenUp]);
    samples.rows = result.rows;
    if (expected !== undefined && result.rows !== expected)
      throw new Error(`${result.rows} of ${expected} rows arrived`);
    samples.ms.push(result.ms);
    log(`${label}: ${formatFigure(result.ms, 'ms')} (${result.rows} rows)`);
  } catch (error) {
    samples.error = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    log(`${label} FAILED: ${samples.error}`);
  } finally {
    clearTimeout(deadline);
  }
}

export async function peerOf(
  page: Page,
  work: string,
  tillpointMs: number,
  samples: PeerSamples,
): Promise<PeerFigure> {
  const name = await call(page, 'peerName');
  const figure = peerFigure(name, work, tillpointMs, samples.ms.length > 0 ? median(samples.ms) : Number.NaN);
  return samples.error === undefined ? figure : { ...figure, error: samples.error };
}
