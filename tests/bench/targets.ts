// Issue 39's ratio targets (DESIGN §10, "re-based for these machines"): each is judged on figures measured in
// the same run — the floor, the peer, the page's own DOMContentLoaded, PGlite — and printed beside the row's
// absolute budget, which keeps its own verdict. A target whose figure could not be measured says "not run".
import { formatFigure, type PeerFigure, type TargetCheck } from './report';

function check(target: string, figure: number, text: string, met: (value: number) => boolean): TargetCheck {
  if (!Number.isFinite(figure)) return { target, figure: '–', verdict: 'not run' };
  return { target, figure: text, verdict: met(figure) ? 'met' : 'missed' };
}

/** How many times faster than the peer Tillpoint was; NaN when the peer did not run. */
function peerRatio(peer: PeerFigure | undefined): number {
  return peer === undefined || peer.error !== undefined ? Number.NaN : peer.ratio;
}

/** P1: the sync ≤ 1.0× its `bulkPut` floor; the products part ≥ 2× faster than RxDB's replication. */
export function firstSyncTargets(
  syncMs: number,
  floorMs: number,
  peer: PeerFigure | undefined,
): TargetCheck[] {
  const ofFloor = syncMs / floorMs;
  const faster = peerRatio(peer);
  return [
    check('≤ 1.0× floor', ofFloor, `×${ofFloor.toFixed(2)}`, (value) => value <= 1.0),
    check('≥ 2× RxDB', faster, `×${faster.toFixed(1)}`, (value) => value >= 2),
  ];
}

/** P2: p95 ≤ 12 ms at 50,000 products (in every run: each run is judged alone). */
export function scanTargets(p95Ms: number): TargetCheck[] {
  return [check('p95 ≤ 12 ms', p95Ms, formatFigure(p95Ms, 'ms'), (value) => value <= 12)];
}

/** P5 and P5c: ≥ 20× one request per sale; ≥ 5× faster than RxDB. */
export function replayTargets(perSaleRatio: number, peer: PeerFigure | undefined): TargetCheck[] {
  const faster = peerRatio(peer);
  return [
    check('≥ 20× per-sale', perSaleRatio, `×${perSaleRatio.toFixed(1)}`, (value) => value >= 20),
    check('≥ 5× RxDB', faster, `×${faster.toFixed(1)}`, (value) => value >= 5),
  ];
}

/** P6: ≤ 1.0 s, or ≤ 2.5× that run's DOMContentLoaded, whichever is larger. */
export function coldStartTargets(medianMs: number, domContentLoadedMs: number): TargetCheck[] {
  const limit = Math.max(1000, 2.5 * domContentLoadedMs);
  return [
    check(
      `≤ max(1.0 s, 2.5× DCL) = ${formatFigure(limit, 'ms')}`,
      medianMs,
      formatFigure(medianMs, 'ms'),
      (value) => value <= limit,
    ),
  ];
}

/** P10: pull_changes on PostgreSQL within 1.5× of its time on PGlite for the same rows. */
export function pullTargets(postgresMs: number, pgliteMs: number): TargetCheck[] {
  const ratio = postgresMs / pgliteMs;
  return [check('≤ 1.5× PGlite', ratio, `×${ratio.toFixed(2)}`, (value) => value <= 1.5)];
}
