import type { Kysely } from 'kysely';
import type { AlarmSeverity } from '@shared/schemas';
import type { Database } from '../db/schema';
import type { AlarmRecords } from '../alarms/alarmRecords';
import { alarmSubject } from '../alarms/alarmSubjects';
import { INTERVAL_MS } from '../alarms/alarmSettings';
import { DEMO_COMPRESSOR_METER, DEMO_DROPOUT_METER, DEMO_GATEWAY_SN, DEMO_GLITCH_METER } from './demoScenario';
import type { DemoScenario } from './demoSimulator';
import { scenarioHistory, type CompressorRule } from './scenarioHistory';

/** Quarantine's slack on a meter's rating (server/metering/registerDelta.ts). */
const RATING_SLACK = 1.2;

/**
 * Writes the scenario's alarms over [from, to) as closed history, so the alarm statistics and lists
 * have a past on the first start. Returns how many records it wrote (0 when the demo meters are gone).
 */
export async function writeAlarmHistory(
  db: Kysely<Database>,
  records: AlarmRecords,
  scenario: DemoScenario,
  span: { from: number; to: number },
  offlineIntervals: number,
): Promise<number> {
  const meters = await db.selectFrom('meters').select(['id', 'code', 'gateway_id', 'rated_power_kw']).execute();
  const byCode = new Map(meters.map((m) => [m.code, m]));
  const gateway = await db.selectFrom('gateways').select('id').where('sn', '=', DEMO_GATEWAY_SN).executeTakeFirst();
  const compressor = byCode.get(DEMO_COMPRESSOR_METER);
  const dropout = byCode.get(DEMO_DROPOUT_METER);
  const glitch = byCode.get(DEMO_GLITCH_METER);
  if (!gateway || !compressor || !dropout || !glitch) return 0;

  const ruleRow = await db
    .selectFrom('alarm_rules')
    .select(['id', 'over', 'duration_s', 'severity'])
    .where('scope', '=', 'meter')
    .where('scope_id', '=', compressor.id)
    .where('metric', '=', 'kw')
    .where('enabled', '=', 1)
    .where('over', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  const rule: CompressorRule | undefined = ruleRow
    ? { id: ruleRow.id, limit: ruleRow.over!, durationS: ruleRow.duration_s, severity: ruleRow.severity as AlarmSeverity }
    : undefined;
  const meterSubject = (id: number) => alarmSubject(db, 'meter', id);
  const gatewayMeters = await Promise.all(meters.filter((m) => m.gateway_id === gateway.id).map((m) => meterSubject(m.id)));
  const history = scenarioHistory(
    scenario.timing,
    scenario.origin,
    span,
    offlineIntervals,
    {
      compressor: await meterSubject(compressor.id),
      dropout: await meterSubject(dropout.id),
      glitch: await meterSubject(glitch.id),
      glitchLimitKwh: glitch.rated_power_kw * (INTERVAL_MS / 3_600_000) * RATING_SLACK,
      gateway: await alarmSubject(db, 'gateway', gateway.id),
      gatewayMeters,
      operator: 'admin',
    },
    rule,
  );
  await records.recordPast(history);
  return history.length;
}
