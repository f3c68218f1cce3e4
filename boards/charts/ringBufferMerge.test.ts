import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ringBuffer';
import { clipToWindow } from './windowClip';

const minute = 60_000;

describe('RingBuffer.merge: stored history and live readings', () => {
  it('puts the stored window before the live readings already held, in time order', () => {
    const buffer = new RingBuffer(10);
    buffer.push(10 * minute, 100);
    buffer.push(11 * minute, 110);
    expect(
      buffer.merge([
        [7 * minute, 70],
        [8 * minute, 80],
        [9 * minute, 90],
      ]),
    ).toBe(true);
    expect(buffer.points()).toEqual([
      [7 * minute, 70],
      [8 * minute, 80],
      [9 * minute, 90],
      [10 * minute, 100],
      [11 * minute, 110],
    ]);
    // Live readings continue after the merged history.
    expect(buffer.push(12 * minute, 120)).toBe(true);
    expect(buffer.newest()).toEqual([12 * minute, 120]);
  });

  it('keeps a timestamp in both once, with the live value, and ignores a later live reading it already has', () => {
    const buffer = new RingBuffer(10);
    buffer.push(9 * minute, 91);
    buffer.merge([
      [8 * minute, 80],
      [9 * minute, 90],
      [10 * minute, 100],
    ]);
    expect(buffer.points()).toEqual([
      [8 * minute, 80],
      [9 * minute, 91],
      [10 * minute, 100],
    ]);
    // The live channel's snapshot arriving after the history repeats the newest stored reading: no duplicate.
    expect(buffer.push(10 * minute, 100)).toBe(false);
    expect(buffer.size).toBe(3);
  });

  it('fills a reconnection gap between the readings before and after it', () => {
    const buffer = new RingBuffer(20);
    for (const ts of [1, 2, 3]) buffer.push(ts * minute, ts);
    // Away from 3 to 8 minutes; back at 8 and 9.
    for (const ts of [8, 9]) buffer.push(ts * minute, ts);
    buffer.merge([2, 3, 4, 5, 6, 7, 8].map((ts) => [ts * minute, ts] as [number, number]));
    expect(buffer.points().map(([ts]) => ts / minute)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('thins and bounds the merged points as pushing them in order would', () => {
    const buffer = new RingBuffer(4, 2 * minute);
    buffer.push(10 * minute, 10);
    buffer.merge([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((ts) => [ts * minute, ts] as [number, number]));
    const pushed = new RingBuffer(4, 2 * minute);
    for (let ts = 0; ts <= 10; ts++) pushed.push(ts * minute, ts);
    expect(buffer.points()).toEqual(pushed.points());
    expect(buffer.points()).toEqual([
      [4 * minute, 4],
      [6 * minute, 6],
      [8 * minute, 8],
      [10 * minute, 10],
    ]);
  });

  it('does not change (nor bump its version) when the answer adds nothing', () => {
    const buffer = new RingBuffer(10);
    buffer.merge([
      [1, 1],
      [2, 2],
    ]);
    const version = buffer.version;
    expect(
      buffer.merge([
        [1, 1],
        [2, 2],
      ]),
    ).toBe(false);
    expect(buffer.merge([])).toBe(false);
    expect(buffer.version).toBe(version);
  });

  it('skips stored points that are out of order, repeated or not finite', () => {
    const buffer = new RingBuffer(10);
    buffer.merge([
      [1, 1],
      [3, 3],
      [2, 2],
      [3, 4],
      [4, Number.NaN],
      [5, 5],
    ]);
    expect(buffer.points()).toEqual([
      [1, 1],
      [3, 3],
      [5, 5],
    ]);
  });

  it('gives the newest point before a window with its points on request (the lead-in)', () => {
    const buffer = new RingBuffer(10);
    buffer.merge([
      [1, 10],
      [5, 50],
      [7, 70],
    ]);
    expect(buffer.points(6)).toEqual([[7, 70]]);
    expect(buffer.points(6, true)).toEqual([
      [5, 50],
      [7, 70],
    ]);
    expect(buffer.points(0, true)).toEqual(buffer.points());
  });
});

describe('clipToWindow', () => {
  it('moves the lead-in onto the window edge at the value the line has there', () => {
    // From 100 kW at 0 to 200 kW at 10 min, the line crosses the window start (4 min) at 140 kW.
    expect(
      clipToWindow(
        [
          [0, 100],
          [10 * minute, 200],
          [12 * minute, 210],
        ],
        4 * minute,
      ),
    ).toEqual([
      [4 * minute, 140],
      [10 * minute, 200],
      [12 * minute, 210],
    ]);
  });

  it('drops points before a point already on or before the edge, and a lone point outside the window', () => {
    expect(
      clipToWindow(
        [
          [0, 1],
          [4 * minute, 4],
          [5 * minute, 5],
        ],
        4 * minute,
      ),
    ).toEqual([
      [4 * minute, 4],
      [5 * minute, 5],
    ]);
    expect(clipToWindow([[0, 1]], 4 * minute)).toEqual([]);
    expect(
      clipToWindow(
        [
          [5, 1],
          [6, 2],
        ],
        4,
      ),
    ).toEqual([
      [5, 1],
      [6, 2],
    ]);
  });
});
