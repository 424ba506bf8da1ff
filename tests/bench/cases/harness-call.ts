// One call into the harness page's `window.bench` (tests/bench/harness/main.ts), typed by its API.
import type { Page } from '@playwright/test';
import type { BenchApi } from '../harness/main';

export async function call<K extends keyof BenchApi>(
  page: Page,
  name: K,
  ...args: Parameters<BenchApi[K]>
): Promise<Awaited<ReturnType<BenchApi[K]>>> {
  return page.evaluate(
    async ([fn, rest]) => {
      const bench = window.bench;
      if (!bench) throw new Error('The bench harness did not load.');
      const method: unknown = Reflect.get(bench, fn);
      if (typeof method !== 'function') throw new Error(`The harness has no bench.${fn}.`);
      return (method as (...a: readonly unknown[]) => Promise<unknown>)(...rest);
    },
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<BenchApi[K]>>>;
}
