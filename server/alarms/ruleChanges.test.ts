import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, energyKit, type EnergyKit } from '../energy/energyKit.test-util';
import { ALARM_RULES_CHANGED, AlarmEngine, type RulesAnnouncer } from './alarmEngine';
import { AlarmEvents } from './alarmEvents';

/**
 * Another server process's engine holds its own copy of the threshold rules. Here that process is a second
 * AlarmEngine on the same database, its announcements joined by hand to the app's as ClusterEvents joins them.
 */
let k: EnergyKit;
beforeAll(async () => {
  k = await energyKit();
});
afterAll(() => k.t.close());

const db = () => k.t.app.storage.db;
const otherEngine = (rulesMaxAgeMs: number) => new AlarmEngine(db(), new AlarmEvents(), k.t.app.ingest.directory, { offlineIntervals: 4, rulesMaxAgeMs });
/** Readings handed to an engine as ingest hands them after a commit. */
async function readingsOn(engine: AlarmEngine, code: string, samples: [string, number][]): Promise<void> {
  const meter = (await k.t.app.ingest.directory.get()).meterByCode.get(code)!;
  await engine.onReadings(
    samples.map(([time, kw]) => ({ meter, ts: at(`2026-11-10T${time}`), values: { kw } })),
    false,
  );
  await engine.idle();
}
const raisedFor = async (ruleId: number) =>
  (await db().selectFrom('alarm_records').select(['value', 'message']).where('rule_id', '=', ruleId).execute()).map((row) => ({ ...row }));

async function ruleOn(code: string, name: string, durationS = 0): Promise<number> {
  const { body } = await k.send('POST', '/api/alarm-rules', { name, scope: 'meter', scopeId: await k.id('meters', code), metric: 'kw', over: 500, durationS });
  expect(body.code).toBe(0);
  return body.data.id as number;
}

describe('a rule created through another process', () => {
  it('is used at once when the change is announced', async () => {
    const listeners = new Set<(data: unknown) => void>();
    const published: string[] = [];
    const announcer: RulesAnnouncer = {
      publish: (topic) => {
        published.push(topic);
        for (const listener of listeners) listener(null);
      },
      on: (topic, listener) => {
        if (topic === ALARM_RULES_CHANGED) listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const other = otherEngine(3_600_000);
    const off = other.shareRuleChanges(announcer);
    k.t.app.alarms.engine.shareRuleChanges(announcer);
    await readingsOn(other, 'M011', [['09:00:00', 100]]);
    const ruleId = await ruleOn('M011', 'Announced');
    expect(published).toEqual([ALARM_RULES_CHANGED]);
    await readingsOn(other, 'M011', [['09:01:00', 612.5]]);
    expect(await raisedFor(ruleId)).toEqual([{ value: 612.5, message: 'kw 612.5 over 500 for 0 s' }]);
    off();
  });

  it('is found by the periodic re-read without an announcement, and an unchanged re-read keeps a pending duration', async () => {
    const unannounced = otherEngine(3_600_000);
    const rereading = otherEngine(0);
    await readingsOn(unannounced, 'M012', [['09:00:00', 100]]);
    await readingsOn(rereading, 'M012', [['09:00:00', 100]]);
    const ruleId = await ruleOn('M012', 'Not announced', 60);
    // Over for 60 s, in two passes: the second re-reads the same rules and must not restart the duration.
    await readingsOn(unannounced, 'M012', [['09:01:00', 600]]);
    await readingsOn(rereading, 'M012', [['09:01:00', 600]]);
    await readingsOn(unannounced, 'M012', [['09:02:00', 610]]);
    await readingsOn(rereading, 'M012', [['09:02:00', 610]]);
    expect(await raisedFor(ruleId)).toEqual([{ value: 610, message: 'kw 610 over 500 for 60 s' }]);
  });
});
