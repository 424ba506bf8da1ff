// The peer beside P1 and P5 (issue 17), from the runner's side: runs the harness's RxDB cases
// (tests/bench/harness/peer-cases.ts) and makes a row's peer figure. A peer that cannot run leaves
// Tillpoint's figures standing and says why; the bench then exits 1, as for any benchmark that cannot run.
import type { Page } from '@playwright/test';
import { formatFigure, peerFigure, type PeerFigure } from '../report';
import { median } from '../stats';
import { call } from './harness-call';

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
  try {
    const result = await work();
    samples.rows = result.rows;
    if (expected !== undefined && result.rows !== expected)
      throw new Error(`${result.rows} of ${expected} rows arrived`);
    samples.ms.push(result.ms);
    log(`${label}: ${formatFigure(result.ms, 'ms')} (${result.rows} rows)`);
  } catch (error) {
    samples.error = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    log(`${label} FAILED: ${samples.error}`);
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
