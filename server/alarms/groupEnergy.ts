import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Directory, MeterEntry } from '../ingest/meterDirectory';
import type { ResolvedReading } from '../ingest/readingWriter';
import { INTERVAL_MS } from '../metering/spreadEnergy';
import type { ThresholdRuleRow } from './thresholdRules';

/** The metrics a department or sub-item rule may watch: summed latest power, or 15-minute energy. */
export const GROUP_METRICS = ['kw', 'energy'] as const;
export type GroupMetric = (typeof GROUP_METRICS)[number];
export const isGroupMetric = (metric: string): metric is GroupMetric => (GROUP_METRICS as readonly string[]).includes(metric);

/** One value of a group's 15-minute energy to run through the rule's condition. */
export interface EnergySample {
  ts: number;
  value: number;
}

/**
 * The meters whose energy counts towards a rule's department (as in the rollups: main meters and
 * sub-departments, see ingest/departmentContributions) or sub-item.
 */
export function groupMembers(directory: Directory, rule: Pick<ThresholdRuleRow, 'scope' | 'scope_id'>): MeterEntry[] {
  if (rule.scope === 'meter') {
    const meter = directory.meterById.get(rule.scope_id);
    return meter ? [meter] : [];
  }
  return [...directory.meterById.values()].filter((m) =>
    rule.scope === 'department' ? m.departmentIds.includes(rule.scope_id) : m.subitemId === rule.scope_id,
  );
}

/** The interval a reading at `ts` closes: energy up to `ts` lies in (start, start + 15 min]. */
export const closedInterval = (ts: number): number => Math.floor((ts - 1) / INTERVAL_MS) * INTERVAL_MS;

/**
 * Department and sub-item rules on `energy`: the electricity (kWh) of the group's meters in a 15-minute
 * interval, summed from energy_intervals after the readings committed. An interval is judged in full
 * once readings reach a later one (its final sum, at its end); the interval still running only counts
 * when it already passed the upper limit, since energy only grows during an interval and a partial sum
 * below a limit says nothing yet (judging it would end every alarm at each interval's start).
 */
export class GroupEnergy {
  /** Rule id → the latest interval seen, judged in full when the readings move on. */
  private readonly lastInterval = new Map<number, number>();

  constructor(private readonly db: Kysely<Database>) {}

  reset(): void {
    this.lastInterval.clear();
  }

  async samples(rule: ThresholdRuleRow, members: MeterEntry[], readings: ResolvedReading[]): Promise<EnergySample[]> {
    const electric = new Set(members.filter((m) => m.energyType === 'electricity').map((m) => m.id));
    // Only a register reading changes energy.
    const intervals = new Map<number, number>();
    for (const { meter, ts, values } of readings) {
      if (!electric.has(meter.id) || values.kwh === undefined) continue;
      const start = closedInterval(ts);
      intervals.set(start, Math.max(intervals.get(start) ?? ts, ts));
    }
    if (intervals.size === 0) return [];
    const current = Math.max(...intervals.keys());
    const last = this.lastInterval.get(rule.id);
    if (last !== undefined && last < current && !intervals.has(last)) intervals.set(last, last + INTERVAL_MS);
    this.lastInterval.set(rule.id, Math.max(last ?? current, current));

    const starts = [...intervals.keys()].sort((a, b) => a - b);
    const rows = await this.db
      .selectFrom('energy_intervals')
      .select((eb) => ['start', eb.fn.sum<number | string>('energy').as('energy')])
      .where('meter_id', 'in', [...electric])
      .where('start', 'in', starts)
      .groupBy('start')
      .execute();
    const energyAt = new Map(rows.map((row) => [Number(row.start), Number(row.energy)]));
    const samples: EnergySample[] = [];
    for (const start of starts) {
      const value = energyAt.get(start) ?? 0;
      if (start < current) samples.push({ ts: start + INTERVAL_MS, value });
      else if (rule.over !== null && value > rule.over) samples.push({ ts: intervals.get(start)!, value });
    }
    return samples;
  }
}
