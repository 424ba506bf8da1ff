// Where a case's CPU went, by process: the bench's own children (the local stack, Chromium's browser,
// renderer and utility processes, the preview server) read from /proc before and after. On two cores a
// replay is as fast as its busiest process, so this says which side to work on. Linux only: elsewhere the
// reading is empty and nothing is printed.
import { readdirSync, readFileSync } from 'node:fs';

export type CpuByRole = ReadonlyMap<string, number>;

const TICK_MS = 10; // USER_HZ is 100 on Linux.

interface Proc {
  pid: number;
  ppid: number;
  cpuMs: number;
  role: string;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return {
      pid,
      ppid: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      role: roleOf(cmdline),
    };
  } catch {
    return null; // gone between the listing and the read
  }
}

function roleOf(cmdline: string): string {
  if (cmdline.includes('supabase/local/main.ts')) return 'stack';
  if (cmdline.includes('vite') && cmdline.includes('preview')) return 'preview';
  if (/chrom/i.test(cmdline)) return `chromium ${/--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser'}`;
  return 'other';
}

/** CPU used so far (user + system, ms) by this process's descendants, summed by role. */
export function childCpu(): CpuByRole {
  let procs: Proc[];
  try {
    procs = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((name) => readProc(Number(name)))
      .filter((proc) => proc !== null);
  } catch {
    return new Map();
  }
  const children = new Map<number, Proc[]>();
  for (const proc of procs) children.set(proc.ppid, [...(children.get(proc.ppid) ?? []), proc]);
  const totals = new Map<string, number>();
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (child.role !== 'other') totals.set(child.role, (totals.get(child.role) ?? 0) + child.cpuMs);
      visit(child.pid);
    }
  };
  visit(process.pid);
  return totals;
}

/** "stack 690 ms, chromium browser 1270 ms, …" for what ran between two readings; '' when none. */
export function cpuBetween(before: CpuByRole, after: CpuByRole): string {
  return [...after]
    .map(([role, ms]) => [role, ms - (before.get(role) ?? 0)] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([role, ms]) => `${role} ${ms} ms`)
    .join(', ');
}
