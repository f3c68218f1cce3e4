import { describe, expect, it } from 'vitest';
import { IngestEvents, type CommittedReadings } from './ingestEvents';

const batch: CommittedReadings = { readings: [], quarantined: false };

describe('IngestEvents', () => {
  it('tells every subscriber in order, and a throwing or rejecting one stops none of the others', async () => {
    const errors: unknown[] = [];
    const events = new IngestEvents((error) => errors.push(error));
    const heard: string[] = [];
    events.onCommitted(() => heard.push('latest values'));
    events.onCommitted(() => {
      throw new Error('broken');
    });
    events.onCommitted(() => Promise.reject(new Error('async broken')));
    events.onCommitted(() => heard.push('alarm engine'));
    events.emitCommitted(batch);
    await Promise.resolve();
    expect(heard).toEqual(['latest values', 'alarm engine']);
    expect(errors.map((error) => (error as Error).message)).toEqual(['broken', 'async broken']);
  });

  it('stops telling a listener once it unsubscribed', () => {
    const events = new IngestEvents();
    let calls = 0;
    const unsubscribe = events.onCommitted(() => calls++);
    events.emitCommitted(batch);
    unsubscribe();
    events.emitCommitted(batch);
    expect(calls).toBe(1);
    expect(events.listenerCount).toBe(0);
  });
});
