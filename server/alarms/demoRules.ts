import type { Kysely } from 'kysely';
import { thresholdRuleSchema } from '@shared/schemas';
import type { Database } from '../db/schema';
import { DEMO_COMPRESSOR_DURATION_S, DEMO_COMPRESSOR_HYSTERESIS_KW, DEMO_COMPRESSOR_LIMIT_KW, DEMO_COMPRESSOR_METER } from '../simulator/demoScenario';
import { ThresholdRules } from './thresholdRules';

export const COMPRESSOR_OVERLOAD_RULE = 'Compressor overload';

/**
 * The demo's threshold rule: the compressor the simulator overloads every hour raises a device alarm.
 * Limit, wait and hysteresis come from the simulator's scenario, so the two cannot drift apart.
 * False (nothing made) when the compressor meter is not in the database.
 */
export async function createDemoAlarmRules(db: Kysely<Database>, ownerUserId: number): Promise<boolean> {
  const meter = await db.selectFrom('meters').select('id').where('code', '=', DEMO_COMPRESSOR_METER).executeTakeFirst();
  if (!meter) return false;
  const rule = thresholdRuleSchema.parse({
    name: COMPRESSOR_OVERLOAD_RULE,
    scope: 'meter',
    scopeId: meter.id,
    metric: 'kw',
    over: DEMO_COMPRESSOR_LIMIT_KW,
    durationS: DEMO_COMPRESSOR_DURATION_S,
    hysteresis: DEMO_COMPRESSOR_HYSTERESIS_KW,
    severity: 'high',
  });
  await new ThresholdRules(db).create(rule, ownerUserId);
  return true;
}
