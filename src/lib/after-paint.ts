// Work that should wait until the screen has been painted (the register's search index, P6). A
// requestAnimationFrame callback runs just before the next paint; a task queued from it runs after that paint.
// Where no frames come (a hidden tab), the work simply waits: what needs it sooner does it itself.

/** Runs `work` after the next paint; returns a cancel function. */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `work` when the page is idle (or after at most `timeout` ms), for background writes that must not
 * compete with a start's first paint and index build; a failure is only logged, nothing waits for it.
 */
export function whenIdle(work: () => Promise<unknown>, timeout = 5_000): void {
  const run = () => {
    work().catch((error: unknown) => {
      console.warn('Background work failed', error);
    });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout });
  else setTimeout(run, 0);
}
