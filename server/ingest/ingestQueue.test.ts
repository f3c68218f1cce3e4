import { describe, expect, it } from 'vitest';
import { IngestQueue, QueueFullError } from './ingestQueue';
import type { ResolvedReading } from './readingWriter';

const readings = (n: number, tag: number): ResolvedReading[] =>
  Array.from({ length: n }, (_, i) => ({ meter: { id: tag } as ResolvedReading['meter'], ts: i, values: {} }));

/** A writer that commits only when the test says so, and records each batch's submissions (by meter id). */
function heldWriter() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const write = (batch: ResolvedReading[]) =>
    new Promise<boolean[]>((resolve) => {
      batches.push([...new Set(batch.map((r) => r.meter.id))]);
      releases.push(() => resolve(batch.map(() => true)));
    });
  return { batches, releases, write };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('ingest queue when full', () => {
  it('refuses an HTTP-style submission at once but parks an MQTT-style one until a batch commits, in arrival order', async () => {
    const writer = heldWriter();
    const queue = new IngestQueue(writer.write, { maxBatch: 10, maxWaitMs: 1, maxQueued: 10, maxParked: 25 });
    const first = queue.push(readings(10, 1)); // goes straight into the first transaction
    await tick();
    const second = queue.push(readings(10, 2)); // fills the queue while the first batch is being written
    await expect(queue.push(readings(5, 3), 'refuse')).rejects.toBeInstanceOf(QueueFullError);
    const parkedA = queue.push(readings(10, 4), 'wait');
    const parkedB = queue.push(readings(10, 5), 'wait');
    expect(queue.parkedReadings).toBe(20);
    // Over the parking bound even a waiting submission is refused: memory stays bounded.
    await expect(queue.push(readings(10, 6), 'wait')).rejects.toBeInstanceOf(QueueFullError);
    // Room frees: a new refuse-mode arrival may not overtake the parked ones.
    await expect(queue.push(readings(1, 7), 'refuse')).rejects.toBeInstanceOf(QueueFullError);

    writer.releases[0]!();
    await expect(first).resolves.toHaveLength(10);
    await tick();
    expect(queue.parkedReadings).toBe(10); // meter 4 admitted behind meter 2, meter 5 still waits
    writer.releases[1]!();
    await expect(second).resolves.toHaveLength(10);
    await tick();
    writer.releases[2]!();
    await expect(parkedA).resolves.toEqual(Array(10).fill(true));
    await tick();
    writer.releases[3]!();
    await expect(parkedB).resolves.toEqual(Array(10).fill(true));
    expect(writer.batches).toEqual([[1], [2], [4], [5]]);
    expect(queue.parkedReadings).toBe(0);
  });

  it('drain() writes parked submissions too', async () => {
    const committed: number[] = [];
    const queue = new IngestQueue(
      async (batch) => {
        await tick();
        committed.push(...new Set(batch.map((r) => r.meter.id)));
        return batch.map(() => true);
      },
      { maxBatch: 4, maxWaitMs: 1, maxQueued: 4, maxParked: 100 },
    );
    const all = [1, 2, 3, 4].map((id) => queue.push(readings(4, id), 'wait'));
    await queue.drain();
    expect(committed).toEqual([1, 2, 3, 4]);
    await Promise.all(all);
  });
});
