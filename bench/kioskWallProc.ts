// CPU time of Chromium's renderer main threads (Linux /proc: a process's main thread has the process's
// own id as its thread id). Performance.getMetrics' TaskDuration is wall time inside tasks, which grows
// when the machine is short of CPU and the thread waits to be scheduled; the thread's CPU time does not.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Ids of this process's descendants (Chromium's processes are; other sessions' browsers are not). */
function ownDescendants(): Set<number> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while we looked
    }
  }
  const found = new Set<number>();
  const stack = [...(children.get(process.pid) ?? [])];
  while (stack.length) {
    const pid = stack.pop()!;
    found.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

function renderers(): Map<number, number> {
  const found = new Map<number, number>();
  for (const pid of ownDescendants()) {
    const entry = String(pid);
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('--type=renderer')) continue;
      const stat = readFileSync(`/proc/${entry}/task/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // ended while we looked, or not ours to read
    }
  }
  return found;
}

/**
 * Starts measuring; the returned function gives the CPU seconds of the busiest renderer main thread since
 * (the wall page's, when it is the only page doing work). NaN where /proc is not available.
 */
export function rendererMainThreadCpu(): () => number {
  let before: Map<number, number> | undefined;
  try {
    before = renderers();
  } catch {
    before = undefined;
  }
  return () => {
    if (!before) return Number.NaN;
    let busiest = 0;
    for (const [pid, ticks] of renderers()) {
      const since = before.get(pid);
      if (since !== undefined) busiest = Math.max(busiest, ticks - since);
    }
    return busiest / TICKS_PER_SECOND;
  };
}
