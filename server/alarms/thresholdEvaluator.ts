import type { Kysely } from 'kysely';
import { INTERVAL_ENERGY_METRIC, type AlarmSeverity } from '@shared/schemas';
import type { Database } from '../db/schema';
import type { MeterDirectory } from '../ingest/meterDirectory';
import type { ResolvedReading } from '../ingest/readingWriter';
import type { AlarmRecords } from './alarmRecords';
import { alarmSubject } from './alarmSubjects';
import { GroupEnergy, groupMembers } from './groupEnergy';
import { freshCondition, stepCondition, type ConditionState } from './thresholdCondition';
import { ThresholdRules, type ThresholdRuleRow } from './thresholdRules';

interface RuleIndex {
  byMeter: Map<number, ThresholdRuleRow[]>;
  /** Department and sub-item rules on summed power (`kw`). */
  groupKw: ThresholdRuleRow[];
  /** Rules on 15-minute energy (`energy`, kWh): departments, sub-items and single meters. */
  groupEnergy: ThresholdRuleRow[];
}

const GROUP_POWER = 'kw';
const conditionKey = (rule: ThresholdRuleRow) => `${rule.id}:${rule.scope}:${rule.scope_id}`;
const format = (value: number) => String(Math.round(value * 1000) / 1000);

interface LoadedRules {
  index: RuleIndex;
  /** The enabled rows as loaded: a re-read that finds the same rows keeps the index and the condition states. */
  fingerprint: string;
  checkedAt: number;
}

export interface ThresholdEvaluatorOptions {
  /**
   * Rules may be changed through another server process: without its announcement (no REDIS_URL), re-read the
   * enabled rules when the copy is older than this (one select, the index rebuilt only when they differ).
   */
  maxAgeMs?: number;
}

const fingerprintOf = (rows: ThresholdRuleRow[]) => JSON.stringify([...rows].sort((x, y) => x.id - y.id));

/**
 * Runs the enabled threshold rules over fresh readings. Condition state (pending since, active) is
 * kept in memory per rule; on start and after a rule change (made here, announced by another process, or
 * found by the periodic re-read), `active` is rebuilt from the open records whose condition has not ended,
 * and a pending duration starts again.
 */
export class ThresholdEvaluator {
  private loaded: Promise<LoadedRules> | undefined;
  private readonly states = new Map<string, ConditionState>();
  private readonly rules: ThresholdRules;
  private readonly groupEnergy: GroupEnergy;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: AlarmRecords,
    private readonly directory: MeterDirectory,
    options: ThresholdEvaluatorOptions = {},
  ) {
    this.rules = new ThresholdRules(db);
    this.groupEnergy = new GroupEnergy(db);
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
  }

  private readonly maxAgeMs: number;

  /** Rules were created, edited or deleted (here or through another process). */
  invalidate(): void {
    this.loaded = undefined;
  }

  /** The rule index: loaded when missing, re-read when older than maxAgeMs (runs in the engine's queue). */
  private async current(now = Date.now()): Promise<RuleIndex> {
    const loaded = this.loaded ? await this.loaded.catch(() => undefined) : undefined;
    if (loaded && now - loaded.checkedAt < this.maxAgeMs) return loaded.index;
    const attempt = (async () => {
      const rows = await this.rules.enabledRows();
      const fingerprint = fingerprintOf(rows);
      if (loaded && loaded.fingerprint === fingerprint) return { ...loaded, checkedAt: now };
      return { index: await this.load(rows), fingerprint, checkedAt: now };
    })();
    this.loaded = attempt;
    try {
      return (await attempt).index;
    } catch (error) {
      if (this.loaded === attempt) this.loaded = undefined;
      throw error;
    }
  }

  async evaluate(readings: ResolvedReading[]): Promise<void> {
    const index = await this.current();
    if (index.byMeter.size === 0 && index.groupKw.length === 0 && index.groupEnergy.length === 0) return;
    const ordered = [...readings].sort((a, b) => a.ts - b.ts);
    for (const { meter, ts, values } of ordered) {
      for (const rule of index.byMeter.get(meter.id) ?? []) {
        const value = values[rule.metric];
        if (value !== undefined) await this.step(rule, ts, value);
      }
    }
    if (index.groupKw.length > 0) await this.evaluateGroups(index.groupKw, ordered);
    if (index.groupEnergy.length > 0) await this.evaluateGroupEnergy(index.groupEnergy, ordered);
  }

  /** A department's or sub-item's power: the sum of its meters' latest `kw`, when one of them reported. */
  private async evaluateGroups(rules: ThresholdRuleRow[], readings: ResolvedReading[]): Promise<void> {
    const directory = await this.directory.get();
    for (const rule of rules) {
      const members = groupMembers(directory, rule).map((m) => m.id);
      const memberSet = new Set(members);
      const reported = readings.filter((r) => memberSet.has(r.meter.id) && r.values[GROUP_POWER] !== undefined);
      if (reported.length === 0) continue;
      const states = await this.db.selectFrom('meter_state').select('latest').where('meter_id', 'in', members).execute();
      let sum = 0;
      for (const { latest } of states) sum += (JSON.parse(latest) as Record<string, [number, number]>)[GROUP_POWER]?.[0] ?? 0;
      await this.step(rule, Math.max(...reported.map((r) => r.ts)), sum);
    }
  }

  /** A department's or sub-item's energy per 15-minute interval (see GroupEnergy for when it is judged). */
  private async evaluateGroupEnergy(rules: ThresholdRuleRow[], readings: ResolvedReading[]): Promise<void> {
    const directory = await this.directory.get();
    for (const rule of rules) {
      for (const sample of await this.groupEnergy.samples(rule, groupMembers(directory, rule), readings)) await this.step(rule, sample.ts, sample.value);
    }
  }

  private async step(rule: ThresholdRuleRow, ts: number, value: number): Promise<void> {
    const key = conditionKey(rule);
    let state = this.states.get(key);
    if (!state) this.states.set(key, (state = freshCondition()));
    const limits = { over: rule.over, under: rule.under, durationS: rule.duration_s, hysteresis: rule.hysteresis };
    const outcome = stepCondition(state, limits, ts, value);
    const subjectRef = { type: rule.scope as 'meter' | 'department' | 'subitem', id: rule.scope_id };
    if (outcome.kind === 'raise') {
      await this.records.raise({
        kind: 'device',
        severity: rule.severity as AlarmSeverity,
        subject: await alarmSubject(this.db, subjectRef.type, subjectRef.id),
        ruleId: rule.id,
        metric: rule.metric,
        value,
        limit: outcome.limit,
        message: `${rule.metric} ${format(value)} ${outcome.side} ${format(outcome.limit)} for ${rule.duration_s} s`,
        at: ts,
      });
    } else if (outcome.kind === 'end') {
      const open = await this.records.findOpen(subjectRef, rule.id, 'device');
      if (open && open.ended_at === null) await this.records.end(open.id, ts);
    }
  }

  private async load(rows: ThresholdRuleRow[]): Promise<RuleIndex> {
    const index: RuleIndex = { byMeter: new Map(), groupKw: [], groupEnergy: [] };
    for (const rule of rows) {
      // 15-minute energy is judged per interval for any scope (a meter is a group of one); no reading carries it.
      if (rule.metric === INTERVAL_ENERGY_METRIC) index.groupEnergy.push(rule);
      else if (rule.scope === 'meter') index.byMeter.set(rule.scope_id, [...(index.byMeter.get(rule.scope_id) ?? []), rule]);
      else if (rule.metric === GROUP_POWER) index.groupKw.push(rule);
    }
    this.states.clear();
    this.groupEnergy.reset();
    await this.restoreActive(rows);
    return index;
  }

  /** Open, not ended threshold records mean the condition still holds: it must end before it raises again. */
  private async restoreActive(rules: ThresholdRuleRow[]): Promise<void> {
    const byId = new Map(rules.map((r) => [r.id, r]));
    const open = await this.db
      .selectFrom('alarm_records')
      .select(['rule_id', 'value', 'limit_value'])
      .where('kind', '=', 'device')
      .where('processing_state', 'in', [1, 2])
      .where('ended_at', 'is', null)
      .execute();
    for (const record of open) {
      const rule = byId.get(record.rule_id);
      if (!rule) continue;
      const side = record.value !== null && record.limit_value !== null && record.value < record.limit_value ? 'under' : 'over';
      this.states.set(conditionKey(rule), { pendingSince: null, active: side, lastTs: -Infinity });
    }
  }
}
