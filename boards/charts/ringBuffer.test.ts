import { describe, expect, it } from 'vitest';
import { RingBuffer, bufferShape } from './ringBuffer';

describe('RingBuffer', () => {
  it('keeps at most its capacity, dropping the oldest points', () => {
    const buffer = new RingBuffer(3);
    for (let ts = 1; ts <= 5; ts++) buffer.push(ts * 1000, ts * 10);
    expect(buffer.size).toBe(3);
    expect(buffer.points()).toEqual([
      [3000, 30],
      [4000, 40],
      [5000, 50],
    ]);
    expect(buffer.newest()).toEqual([5000, 50]);
  });

  it('stays bounded over a simulated day of 4 updates a second', () => {
    const buffer = new RingBuffer(92, 10_000);
    for (let ts = 0; ts < 86_400_000; ts += 250) buffer.push(ts, ts % 7);
    expect(buffer.size).toBe(92);
    const points = buffer.points();
    expect(points.at(-1)![0]).toBe(86_400_000 - 250);
    // Kept points are 10 s apart, except the live newest one.
    expect(points.at(-2)![0] - points.at(-3)![0]).toBe(10_000);
  });

  it('ignores a reading at or before the newest (React may render twice) and non-finite values', () => {
    const buffer = new RingBuffer(4);
    expect(buffer.push(1000, 1)).toBe(true);
    expect(buffer.push(1000, 2)).toBe(false);
    expect(buffer.push(900, 3)).toBe(false);
    expect(buffer.push(2000, Number.NaN)).toBe(false);
    expect(buffer.points()).toEqual([[1000, 1]]);
    expect(buffer.version).toBe(1);
  });

  it('thins readings closer than the spacing: the newest is replaced until it is a spacing past the one before', () => {
    const buffer = new RingBuffer(10, 5000);
    for (let second = 0; second <= 12; second++) buffer.push(second * 1000, second);
    expect(buffer.points()).toEqual([
      [0, 0],
      [5000, 5],
      [10_000, 10],
      [12_000, 12],
    ]);
  });

  it('finds the value a window ago: the newest point at or before the time', () => {
    const buffer = new RingBuffer(5);
    buffer.push(60_000, 10);
    buffer.push(120_000, 20);
    buffer.push(180_000, 30);
    expect(buffer.at(150_000)).toEqual([120_000, 20]);
    expect(buffer.at(120_000)).toEqual([120_000, 20]);
    expect(buffer.at(59_999)).toBeUndefined();
    expect(buffer.points(120_000)).toEqual([
      [120_000, 20],
      [180_000, 30],
    ]);
  });

  it('clears and refuses a capacity under 2', () => {
    const buffer = new RingBuffer(2);
    buffer.push(1, 1);
    buffer.clear();
    expect(buffer.size).toBe(0);
    expect(buffer.newest()).toBeUndefined();
    expect(() => new RingBuffer(1)).toThrow('A ring buffer holds at least 2 points, not 1');
  });

  it('shapes a buffer so its kept points span the whole window', () => {
    expect(bufferShape(15 * 60_000, 90)).toEqual({ capacity: 92, minSpacingMs: 10_000 });
    const { capacity, minSpacingMs } = bufferShape(15 * 60_000, 90);
    const buffer = new RingBuffer(capacity, minSpacingMs);
    for (let ts = 0; ts <= 3_600_000; ts += 1000) buffer.push(ts, ts);
    expect(buffer.at(3_600_000 - 15 * 60_000)).toEqual([2_700_000, 2_700_000]);
  });
});
