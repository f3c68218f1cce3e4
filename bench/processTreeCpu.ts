// CPU used by a process's descendants (Linux /proc), so a bench can tell what its own helpers (the
// browser, the load publisher) took from the machine apart from everything else running on it.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface ProcStat {
  ppid: number;
  ticks: number;
}

function readProcs(): Map<number, ProcStat> {
  const procs = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // ended while we looked
    }
  }
  return procs;
}

/** Descendants of `rootPid` (not itself) other than the subtrees of `excludePids`. */
function descendants(procs: Map<number, ProcStat>, rootPid: number, excludePids: readonly number[]): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of procs) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const stack = [...(children.get(rootPid) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (excludePids.includes(pid)) continue;
    found.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * Starts a measurement of the CPU seconds used by this process's descendants except `excludePids` and
 * theirs; the returned function gives the seconds since. Processes that end in between are missed,
 * ones that start count whole. NaN where /proc is not available.
 */
export function descendantsCpu(excludePids: () => readonly number[]): () => number {
  const snapshot = () => {
    try {
      const procs = readProcs();
      return new Map(descendants(procs, process.pid, excludePids()).map((pid) => [pid, procs.get(pid)!.ticks]));
    } catch {
      return undefined;
    }
  };
  const before = snapshot();
  return () => {
    const after = snapshot();
    if (!before || !after) return Number.NaN;
    let ticks = 0;
    for (const [pid, used] of after) ticks += used - (before.get(pid) ?? 0);
    return ticks / TICKS_PER_SECOND;
  };
}
