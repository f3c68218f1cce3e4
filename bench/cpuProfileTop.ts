// Summarises a V8 .cpuprofile (node --cpu-prof; the ingest bench writes one per engine with
// BENCH_CPU_PROF=<dir>): the functions with the most self time, and the project functions with the most
// total (inclusive) time. Usage: npx tsx bench/cpuProfileTop.ts <file.cpuprofile> [rows]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/cpuProfileTop.ts <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Self time per node from the sample deltas (µs).
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

// node_modules → ~/, project files relative to the checkout (whatever folder it is in).
const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^\/.*?\/(server|shared|bench|tests|scripts)\//, '$1/');
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;

const selfByFn = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (node) selfByFn.set(label(node), (selfByFn.get(label(node)) ?? 0) + us);
}

// Inclusive time per function: each sample counts once for every distinct function on its stack.
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (!node) break;
    const key = label(node);
    if (!seen.has(key)) {
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
}

const pct = (us: number) => `${((100 * us) / totalUs).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s sampled`);
console.log(`\nself time (top ${rows})`);
for (const [name, us] of [...selfByFn].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(us)}  ${name}`);
console.log(`\ninclusive time, project code (server/, shared/) (top ${rows})`);
for (const [name, us] of [...inclusive]
  .filter(([name]) => / (server|shared)\//.test(name))
  .sort((a, b) => b[1] - a[1])
  .slice(0, rows))
  console.log(`${pct(us)}  ${name}`);
console.log(`\ninclusive time, libraries (top ${rows})`);
for (const [name, us] of [...inclusive]
  .filter(([name]) => name.includes(' ~/'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, rows))
  console.log(`${pct(us)}  ${name}`);
