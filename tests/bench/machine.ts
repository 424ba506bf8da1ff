// What the machine can do before anything is measured, printed first so a slow or loaded machine is visible
// beside the figures: cores, load, free memory, and one fixed CPU-bound loop timed in Node and in Chromium.
import { availableParallelism, freemem, loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import { EVALUATE_SHIM } from './config';
import { median } from './stats';

/**
 * 50 million steps of integer arithmetic, ≈ 0.1–0.3 s on a current core; a loaded machine shows here. Runs
 * as is in Node and, handed to page.evaluate, in Chromium. Returns the result too, so nothing is optimised away.
 */
function fixedLoop(): [number, number] {
  const start = performance.now();
  let x = 0;
  for (let i = 0; i < 5e7; i++) x = (x * 31 + i) % 1000003;
  return [performance.now() - start, x];
}

export interface MachineFloor {
  cores: number;
  load: number[];
  freeMemoryMb: number;
  nodeLoopMs: number;
  chromiumLoopMs: number;
}

export async function machineFloor(browser: Browser): Promise<MachineFloor> {
  const node = [fixedLoop()[0], fixedLoop()[0], fixedLoop()[0]];
  const context = await browser.newContext();
  await context.addInitScript(EVALUATE_SHIM);
  const chromium: number[] = [];
  try {
    const page = await context.newPage();
    for (let run = 0; run < 3; run++) chromium.push((await page.evaluate(fixedLoop))[0]);
  } finally {
    await context.close();
  }
  return {
    cores: availableParallelism(),
    load: loadavg().map((value) => Number(value.toFixed(2))),
    freeMemoryMb: Math.round(freemem() / 1e6),
    nodeLoopMs: median(node),
    chromiumLoopMs: median(chromium),
  };
}

export function describeMachine(floor: MachineFloor): string {
  return (
    `machine: ${floor.cores} cores, load ${floor.load.join(' / ')}, ${floor.freeMemoryMb} MB free; ` +
    `fixed CPU loop ${floor.nodeLoopMs.toFixed(0)} ms in Node, ${floor.chromiumLoopMs.toFixed(0)} ms in Chromium`
  );
}
