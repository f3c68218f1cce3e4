// What grew between two V8 heap snapshots (the kiosk bench writes one per simulated day with
// BENCH_HEAP_SNAPSHOTS=<dir>): objects per constructor / type, count and self size, largest growth first.
// Usage: npx tsx bench/kioskWallHeapDiff.ts <before.heapsnapshot> <after.heapsnapshot> [rows]
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** (type, name) → [count, self bytes]. */
export function aggregate(file: string): Map<string, [number, number]> {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, [number, number]>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt]!]!;
    // Strings and code are grouped by type; objects by constructor name.
    const name = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${heap.strings[heap.nodes[i + nameAt]!]!.slice(0, 80)}` : type;
    const group = groups.get(name) ?? [0, 0];
    group[0] += 1;
    group[1] += heap.nodes[i + sizeAt]!;
    groups.set(name, group);
  }
  return groups;
}

if (process.argv[1]?.endsWith('kioskWallHeapDiff.ts')) {
  const [before, after, rowsArg] = process.argv.slice(2);
  if (!before || !after) {
    console.error('usage: npx tsx bench/kioskWallHeapDiff.ts <before.heapsnapshot> <after.heapsnapshot> [rows]');
    process.exit(2);
  }
  const a = aggregate(before);
  const b = aggregate(after);
  const total = (m: Map<string, [number, number]>) => [...m.values()].reduce((s, [, bytes]) => s + bytes, 0);
  console.log(`self size: ${(total(a) / 1048576).toFixed(2)} MB → ${(total(b) / 1048576).toFixed(2)} MB`);
  const rows = [...new Set([...a.keys(), ...b.keys()])]
    .map((key) => {
      const [countA, bytesA] = a.get(key) ?? [0, 0];
      const [countB, bytesB] = b.get(key) ?? [0, 0];
      return { key, count: countB - countA, bytes: bytesB - bytesA, countB };
    })
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, Number(rowsArg ?? 25));
  for (const row of rows)
    console.log(`${(row.bytes / 1024).toFixed(1).padStart(9)} KB  ${String(row.count).padStart(7)} objects (now ${row.countB})  ${row.key}`);
}
