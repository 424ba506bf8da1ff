// Summaries of timing samples: median and p95 by nearest rank, so both are figures that were measured.

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);
export const p95 = (samples: readonly number[]) => percentile(samples, 95);
