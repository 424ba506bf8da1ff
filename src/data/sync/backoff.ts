// Retry timing (DESIGN §6, sync-anchors §7): first retry after `baseMs`, doubling to `maxMs`, each spread by
// ±`jitter` so many tills coming back online do not hit the server in step.

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  /** 0.2 = ±20 %. */
  jitter: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 5_000, maxMs: 300_000, jitter: 0.2 };

/** [RETRY-1] The wait before retry number `attempt` (1-based); `random` is in [0, 1). */
export function retryDelay(
  attempt: number,
  random: () => number,
  policy: RetryPolicy = DEFAULT_RETRY,
): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 30);
  const plain = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  const spread = 1 + policy.jitter * (2 * random() - 1);
  return Math.round(Math.min(policy.maxMs * (1 + policy.jitter), plain * spread));
}
