import { describe, expect, it } from 'vitest';
import { keepClaimed, whileClaimed } from './heartbeat';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('row claim heartbeats', () => {
  it('renews every period while the work runs and never after it ended', async () => {
    let renewals = 0;
    const result = await whileClaimed(
      async () => {
        await sleep(230);
        return 'done';
      },
      async () => void renewals++,
      () => undefined,
      50,
    );
    expect(result).toBe('done');
    // 50, 100, 150, 200 ms (timers may slip by a tick on a loaded machine, never gain one)
    expect(renewals).toBeGreaterThanOrEqual(3);
    expect(renewals).toBeLessThanOrEqual(4);
    const after = renewals;
    await sleep(150);
    expect(renewals).toBe(after);
  });

  it('stops when the work throws, reports a failed renewal and keeps renewing after it, one renewal at a time', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    let open = 0;
    let most = 0;
    const stop = keepClaimed(
      async () => {
        calls++;
        open++;
        most = Math.max(most, open);
        await sleep(70);
        open--;
        if (calls === 1) throw new Error('database away');
      },
      (error) => errors.push(error),
      20,
    );
    await sleep(300);
    await stop();
    expect(errors.map((error) => (error as Error).message)).toEqual(['database away']);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(open).toBe(0);
    await expect(
      whileClaimed(
        () => Promise.reject(new Error('send failed')),
        async () => undefined,
        () => undefined,
        20,
      ),
    ).rejects.toThrow('send failed');
  });
});
