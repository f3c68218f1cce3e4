import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METER_DIRECTORY_CHANNEL, type MeterDirectoryData } from '@shared/board/channels';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import type { ActiveRoom, ChannelPublisher } from './channelProvider';
import { meterDirectoryChannel, readMeterDirectory } from './meterDirectoryChannel';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('meters:directory refresh', () => {
  it('re-reads on its timer and publishes only when the directory changed', async () => {
    const db = t.app.storage.db;
    const published: unknown[] = [];
    const errors: unknown[] = [];
    const publisher: ChannelPublisher = {
      publish: (_room, _channel, data) => void published.push(data),
      activeRooms: (): ActiveRoom[] => [{ room: `${METER_DIRECTORY_CHANNEL}#all`, channel: METER_DIRECTORY_CHANNEL, scope: { userId: null } }],
      hasRoom: (room) => room === `${METER_DIRECTORY_CHANNEL}#all`,
    };
    const provider = meterDirectoryChannel(db, (error) => errors.push(error), 50);
    const stop = provider.start(publisher);
    try {
      await provider.snapshot({ channel: METER_DIRECTORY_CHANNEL, auth: { isAdmin: true } as never, afterId: undefined }, { userId: null });
      await pause(200);
      expect(published).toEqual([]);

      await db.updateTable('meters').set({ name: 'Line 1 servo press', online: 1 }).where('code', '=', 'M011').execute();
      await pause(200);
      expect(published).toHaveLength(1);
      expect((published[0] as MeterDirectoryData).meters.find((meter) => meter.code === 'M011')).toMatchObject({ name: 'Line 1 servo press', online: true });
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('leaves meters without a department unplaced', async () => {
    const db = t.app.storage.db;
    await db.updateTable('meters').set({ department_id: null }).where('code', '=', 'M047').execute();
    const directory = await readMeterDirectory(db, 1_000);
    expect(directory.computedAt).toBe(1_000);
    expect(directory.meters.find((meter) => meter.code === 'M047')).toMatchObject({ departmentId: null, departmentPath: '', topDepartmentId: null });
  });
});
