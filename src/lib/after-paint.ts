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
