import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './boundedQueue';
import { backoffMs } from './endpointWorker';
import { closedSince, lastClosedEnd, MAX_CLOSED_AT_ONCE } from './quarterHours';
import { signBody, verifySignature } from './signature';

const Q = 15 * 60_000;

describe('BoundedQueue', () => {
  it('drops the oldest items past its limit and counts each drop once', () => {
    const queue = new BoundedQueue<number>(3);
    for (let i = 1; i <= 5; i++) queue.push(i, 1000 + i);
    expect(queue.length).toBe(3);
    expect(queue.oldestArrival).toBe(1003);
    expect(queue.takeDropped()).toBe(2);
    expect(queue.takeDropped()).toBe(0);
    expect(queue.take(2)).toEqual([3, 4]);
    queue.push(6);
    queue.push(7);
    expect(queue.take(10)).toEqual([5, 6, 7]);
    expect(queue.length).toBe(0);
    expect(queue.oldestArrival).toBeNull();
  });

  it('stays correct across many pushes and takes (its internal compaction)', () => {
    const queue = new BoundedQueue<number>(2000);
    let next = 0;
    let expected = 0;
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 1500; i++) queue.push(next++);
      const taken = queue.take(1000);
      expect(taken[0]).toBeGreaterThanOrEqual(expected);
      expected = taken[taken.length - 1]! + 1;
    }
    expect(queue.length + queue.takeDropped() + 50 * 1000).toBe(next);
  });
});

describe('closed quarter hours', () => {
  it('closes an interval once the newest register reading reaches its end, after the cursor only', () => {
    const t0 = 1_800_000_000_000 - (1_800_000_000_000 % Q);
    // A new cursor starts at the interval that ended last.
    expect(lastClosedEnd(t0 + 7 * 60_000) - Q).toBe(t0 - Q);
    expect(closedSince(t0 - Q, t0 + 7 * 60_000)).toEqual([t0 - Q]);
    expect(closedSince(t0, t0 + 14 * 60_000)).toEqual([]);
    expect(closedSince(t0, t0 + 15 * 60_000)).toEqual([t0]);
    expect(closedSince(t0 + Q, t0 + 15 * 60_000)).toEqual([]);
    // A gap: every interval it spans closes at once, up to the limit asked for (the rest come next time).
    expect(closedSince(t0 + Q, t0 + 61 * 60_000)).toEqual([t0 + Q, t0 + 2 * Q, t0 + 3 * Q]);
    expect(closedSince(t0 + Q, t0 + 61 * 60_000, 2)).toEqual([t0 + Q, t0 + 2 * Q]);
  });

  it('sends at most a week of intervals after a long silence', () => {
    const closed = closedSince(0, 30 * 24 * 3600_000);
    expect(closed).toHaveLength(MAX_CLOSED_AT_ONCE);
    expect(closed[0]).toBe(23 * 24 * 3600_000);
    expect(closed.at(-1)).toBe(30 * 24 * 3600_000 - Q);
  });
});

describe('signature and backoff', () => {
  it('signs "<timestamp>.<body>" with HMAC-SHA256 and checks it in constant time', () => {
    const body = Buffer.from('{"items":[]}');
    const hex = createHmac('sha256', 'secret-0123456789').update('1795342800000.{"items":[]}').digest('hex');
    expect(signBody('secret-0123456789', 1_795_342_800_000, body)).toBe(`sha256=${hex}`);
    expect(verifySignature('secret-0123456789', '1795342800000', body, `sha256=${hex}`)).toBe(true);
    expect(verifySignature('secret-0123456789', '1795342800001', body, `sha256=${hex}`)).toBe(false);
    expect(verifySignature('another-secret-000', '1795342800000', body, `sha256=${hex}`)).toBe(false);
  });

  it('waits the endpoint delay before the 2nd attempt and doubles it for each further one, up to the cap', () => {
    expect([2, 3, 4, 5].map((next) => backoffMs(10, next, 3600_000))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(3600, 10, 3600_000)).toBe(3600_000);
  });
});
