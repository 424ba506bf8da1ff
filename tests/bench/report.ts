// The bench report: one row per budget (DESIGN §10), printed as a table and written to bench-results.json so
// runs can be compared. Units are decimal (1 KB = 1000 bytes, 1 MB = 10^6 bytes), as Vite reports sizes.
import { writeFileSync } from 'node:fs';
import { median, p95 } from './stats';

export type Unit = 'ms' | 'bytes';
export type Verdict = 'pass' | 'FAIL' | 'not run';

/** One of issue 39's ratio targets, judged on figures of the same run (tests/bench/targets.ts). */
export interface TargetCheck {
  /** As printed: '≤ 1.0× floor'. */
  target: string;
  /** The measured figure, as printed: '×0.93'. */
  figure: string;
  verdict: 'met' | 'missed' | 'not run';
}

export interface BenchRow {
  id: string;
  what: string;
  budget: string;
  unit: Unit;
  samples: number[];
  median: number;
  p95: number;
  /** The floor or naive baseline measured in the same run, as text (with its ratio), when §10 asks for one. */
  baseline?: string;
  verdict: Verdict;
  note?: string;
  /** The same work done by a peer in the same run (issue 17); never part of the verdict. */
  peer?: PeerFigure;
  /** Issue 39's ratio targets, each with its own verdict beside the absolute budget's. */
  targets?: TargetCheck[];
}

/** Tillpoint's time and a peer's for the same work, in the same page against the same stack. */
export interface PeerFigure {
  /** The peer and its version, as printed: 'RxDB 17.6.0'. */
  name: string;
  /** The part of the row's work both did (P1: the products; P5: the whole replay). */
  work: string;
  tillpointMs: number;
  /** NaN when the peer could not run. */
  peerMs: number;
  /** peerMs / tillpointMs: above 1 when the peer is slower. */
  ratio: number;
  /** Why the peer could not run: the Tillpoint figures stand, the bench exits 1. */
  error?: string;
}

export interface RowInput {
  id: string;
  what: string;
  budget: string;
  unit: Unit;
  samples: number[];
  baseline?: string;
  peer?: PeerFigure;
  targets?: TargetCheck[];
  /** Decides the verdict from the row's median and p95. */
  passes: (figures: { median: number; p95: number }) => boolean;
  note?: string;
}

export function row(input: RowInput): BenchRow {
  const figures = { median: median(input.samples), p95: p95(input.samples) };
  const { passes, ...rest } = input;
  return { ...rest, ...figures, verdict: passes(figures) ? 'pass' : 'FAIL' };
}

export function notRun(id: string, what: string, budget: string, reason: string): BenchRow {
  return {
    id,
    what,
    budget,
    unit: 'ms',
    samples: [],
    median: Number.NaN,
    p95: Number.NaN,
    verdict: 'not run',
    note: reason,
  };
}

export function formatFigure(value: number, unit: Unit): string {
  if (Number.isNaN(value)) return '–';
  if (unit === 'bytes')
    return value >= 1e6 ? `${(value / 1e6).toFixed(1)} MB` : `${(value / 1e3).toFixed(1)} KB`;
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  return value >= 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(2)} ms`;
}

export function peerFigure(name: string, work: string, tillpointMs: number, peerMs: number): PeerFigure {
  return { name, work, tillpointMs, peerMs, ratio: peerMs / tillpointMs };
}

/** 'RxDB 12.3 s / Tillpoint 4.10 s = ×3.0', or why the peer did not run. */
export function formatPeer(peer: PeerFigure | undefined): string {
  if (peer === undefined) return '';
  const tillpoint = formatFigure(peer.tillpointMs, 'ms');
  if (peer.error !== undefined) return `${peer.name} did not run (Tillpoint ${tillpoint})`;
  return `${peer.name} ${formatFigure(peer.peerMs, 'ms')} / Tillpoint ${tillpoint} = ×${peer.ratio.toFixed(1)}`;
}

/** '≤ 1.0× floor: ×0.93 met; ≥ 2× RxDB: ×1.4 missed'. */
export function formatTargets(targets: readonly TargetCheck[] | undefined): string {
  return (targets ?? []).map((t) => `${t.target}: ${t.figure} ${t.verdict}`).join('; ');
}

export function printTable(title: string, rows: readonly BenchRow[]): string {
  const header = [
    'id',
    'what',
    'budget',
    'median',
    'p95',
    'n',
    'baseline / floor',
    'peer',
    'verdict',
    'ratio target: figure verdict',
  ];
  const cells = rows.map((r) => [
    r.id,
    r.what,
    r.budget,
    formatFigure(r.median, r.unit),
    formatFigure(r.p95, r.unit),
    String(r.samples.length),
    r.baseline ?? '',
    formatPeer(r.peer),
    r.verdict,
    formatTargets(r.targets),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => c.map((text, i) => text.padEnd(widths[i] ?? 0)).join(' | ');
  const notes = rows.filter((r) => r.note).map((r) => `  ${r.id}: ${r.note ?? ''}`);
  const peers = rows.flatMap(({ id, peer }) =>
    peer ? [`  ${id} peer: ${peer.work}${peer.error === undefined ? '' : ` — ${peer.error}`}`] : [],
  );
  return [
    title,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...cells.map(line),
    ...(notes.length > 0 || peers.length > 0 ? ['', 'Notes:', ...notes, ...peers] : []),
  ].join('\n');
}

export function writeResults(path: string, meta: Record<string, unknown>, rows: readonly BenchRow[]): void {
  const clean = rows.map((r) => ({
    ...r,
    median: Number.isNaN(r.median) ? null : r.median,
    p95: Number.isNaN(r.p95) ? null : r.p95,
  }));
  writeFileSync(path, `${JSON.stringify({ ...meta, results: clean }, null, 2)}\n`);
}
