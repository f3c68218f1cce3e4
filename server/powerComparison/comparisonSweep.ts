import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { bpToPercent, type ComparisonObjectType, type ComparisonPeriod } from '@shared/powerComparison';
import type { Database } from '../db/schema';
import type { AlarmRecords } from '../alarms/alarmRecords';
import { alarmSubject } from '../alarms/alarmSubjects';
import { addMonths } from '../metering/calendar';
import { addDays } from '../shifts/shiftClock';
import { comparedPeriods } from './comparisonReader';
import { loadObject } from './comparisonObjects';
import { periodOf } from './periodWindows';
import { ComparisonTolerances } from './tolerances';
import { keepClaimed, ROW_CLAIM_MS } from '../jobs/heartbeat';

const LEASE = 'power-comparison';
/**
 * How long a claim holds without renewal; renewed before each batch and every 5 s while a batch is compared, so only
 * a process that died loses it, and another process's pass (every 5 s) takes it within ~25 s of the death.
 */
export const SWEEP_LEASE_MS = ROW_CLAIM_MS;
/** Batches taken per query (the pass loops until none is left). */
const BATCH_PAGE = 20;
/** A row up to a local day long (25 h: the day a clock goes back) is "daily or finer". */
const DAY_ROW_MS = 25 * 3_600_000;
/** Batch states that will not change any more: their rows are final (an undone batch has none left). */
const FINISHED = ['done', 'failed', 'undone'];

export interface SweepResult {
  /** false: another process holds the sweep */
  ran: boolean;
  batches: number;
  raised: number;
}

export interface SweepFinding {
  objectType: ComparisonObjectType;
  objectId: number;
  grain: 'day' | 'month';
  period: ComparisonPeriod;
  toleranceBp: number;
}

const kwh = (value: number): string => `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kWh`;

/** `Imported 106.00 kWh against metered 100.00 kWh for M001 on 2026-03-04: +6.00 % (tolerance 5 %)`. */
export function findingMessage(objectName: string, grain: 'day' | 'month', period: ComparisonPeriod, toleranceBp: number): string {
  const imported = period.imported ?? 0;
  const share = period.percent === null ? 'nothing metered' : `${period.percent > 0 ? '+' : ''}${period.percent.toFixed(2)} %`;
  return `Imported ${kwh(imported)} against metered ${kwh(period.metered)} for ${objectName} ${grain === 'day' ? 'on' : 'in'} ${period.label}: ${share} (tolerance ${bpToPercent(toleranceBp)} %)`;
}

/**
 * Compares newly imported power batches with the metered figures and raises an `error` alarm for each flagged
 * object and period. One process sweeps at a time (a lease row, taken with one conditional write); a batch is
 * done when its `compared_at` is set. Each flagged object-period becomes one `comparison_findings` row (unique per
 * object, grain and period), so it is alarmed once however often it is imported again or whichever process sweeps.
 *
 * Grain: day when every row of the batch is a local day or shorter, month otherwise (monthly rows). Only the periods
 * the batch's rows touch are judged, only when imported rows cover them wholly and only once they are over (the
 * metered figure of a running day is still growing).
 */
export class ComparisonSweep {
  readonly processName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly tolerances: ComparisonTolerances;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: AlarmRecords,
    private readonly timeZone: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.tolerances = new ComparisonTolerances(db);
  }

  async pass(): Promise<SweepResult> {
    // Nothing to compare (the usual case): no write at all, not even the lease.
    if ((await this.due(1)).length === 0) return { ran: true, batches: 0, raised: 0 };
    if (!(await this.claim())) return { ran: false, batches: 0, raised: 0 };
    let batches = 0;
    let raised = 0;
    const stopRenewing = keepClaimed(
      () => this.claim(),
      () => undefined,
    );
    try {
      for (;;) {
        const due = await this.due(BATCH_PAGE);
        if (due.length === 0) break;
        for (const batch of due) {
          if (!(await this.claim())) return { ran: true, batches, raised };
          raised += await this.compareBatch(batch.id);
          await this.db.updateTable('import_batches').set({ compared_at: this.clock() }).where('id', '=', batch.id).where('compared_at', 'is', null).execute();
          batches++;
        }
      }
    } finally {
      await stopRenewing();
      await this.release();
    }
    return { ran: true, batches, raised };
  }

  /** Finished power batches not compared yet, oldest first. */
  private due(limit: number): Promise<{ id: number }[]> {
    return this.db
      .selectFrom('import_batches')
      .select(['id'])
      .where('kind', '=', 'power')
      .where('compared_at', 'is', null)
      .where('state', 'in', FINISHED)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The flagged object-periods of one batch, each alarmed unless it was before; returns how many were raised. */
  async compareBatch(batchId: number): Promise<number> {
    const rows = await this.db
      .selectFrom('imported_power')
      .select(['object_kind', 'object_id', 'period_start', 'period_end'])
      .where('batch_id', '=', batchId)
      .execute();
    if (rows.length === 0) return 0;
    const grain = rows.every((row) => Number(row.period_end) - Number(row.period_start) <= DAY_ROW_MS) ? 'day' : 'month';
    let raised = 0;
    for (const finding of await this.findings(rows, grain)) if (await this.raiseOnce(finding, batchId)) raised++;
    return raised;
  }

  private async findings(
    rows: readonly { object_kind: string; object_id: number; period_start: number; period_end: number }[],
    grain: 'day' | 'month',
  ): Promise<SweepFinding[]> {
    const touched = new Map<string, Set<string>>();
    for (const row of rows) {
      const key = `${row.object_kind}:${row.object_id}`;
      const periods = touched.get(key) ?? new Set<string>();
      const first = periodOf(grain, Number(row.period_start), this.timeZone);
      const last = periodOf(grain, Math.max(Number(row.period_start), Number(row.period_end) - 1), this.timeZone);
      for (let period = first; period <= last; period = grain === 'day' ? addDays(period, 1) : addMonths(period, 1)) periods.add(period);
      touched.set(key, periods);
    }
    const now = this.clock();
    const found: SweepFinding[] = [];
    for (const [key, periods] of touched) {
      const [type, idText] = key.split(':') as [ComparisonObjectType, string];
      const id = Number(idText);
      const sorted = [...periods].sort();
      const from = grain === 'day' ? sorted[0]! : `${sorted[0]!}-01`;
      const to = grain === 'day' ? sorted[sorted.length - 1]! : addDays(`${addMonths(sorted[sorted.length - 1]!, 1)}-01`, -1);
      const tolerance = await this.tolerances.effective(type, id);
      const { periods: compared } = await comparedPeriods(this.db, type, id, grain, from, to, tolerance.bp, this.timeZone, null);
      for (const period of compared) {
        if (periods.has(period.period) && period.flagged && period.to <= now)
          found.push({ objectType: type, objectId: id, grain, period, toleranceBp: tolerance.bp });
      }
    }
    return found;
  }

  /** Writes the finding (unique per object, grain, period) and raises its alarm; false when it was found before. */
  private async raiseOnce(finding: SweepFinding, batchId: number): Promise<boolean> {
    const object = await loadObject(this.db, finding.objectType, finding.objectId);
    if (!object) return false;
    const now = this.clock();
    const inserted = await this.db
      .insertInto('comparison_findings')
      .values({
        owner_user_id: object.ownerUserId,
        object_type: finding.objectType,
        object_id: finding.objectId,
        grain: finding.grain,
        period: finding.period.period,
        batch_id: batchId,
        imported: finding.period.imported ?? 0,
        metered: finding.period.metered,
        tolerance_bp: finding.toleranceBp,
        alarm_id: null,
        found_at: now,
      })
      .onConflict((oc) => oc.columns(['object_type', 'object_id', 'grain', 'period']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    const subject = await alarmSubject(this.db, finding.objectType, finding.objectId);
    const record = await this.records.raise({
      kind: 'error',
      severity: 'medium',
      subject,
      // Each object-period its own condition: AlarmRecords keeps one open record per subject + rule + kind, and a
      // negative id never meets a threshold rule (positive) or the quarantine's error alarms (0).
      ruleId: -inserted.id,
      metric: 'energy',
      value: finding.period.imported,
      limit: finding.period.metered,
      message: findingMessage(subject.code ?? subject.name, finding.grain, finding.period, finding.toleranceBp),
      at: now,
    });
    await this.db.updateTable('comparison_findings').set({ alarm_id: record.id }).where('id', '=', inserted.id).execute();
    return true;
  }

  /** Takes the lease, or renews this process's own; false while another process holds it. */
  private async claim(): Promise<boolean> {
    const now = this.clock();
    const until = now + SWEEP_LEASE_MS;
    const result = await this.db
      .insertInto('comparison_sweep_lease')
      .values({ name: LEASE, holder: this.processName, lease_until: until })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.processName, lease_until: until })
          .where((eb) => eb.or([eb('comparison_sweep_lease.lease_until', '<', now), eb('comparison_sweep_lease.holder', '=', this.processName)])),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  private async release(): Promise<void> {
    await this.db.updateTable('comparison_sweep_lease').set({ lease_until: 0 }).where('name', '=', LEASE).where('holder', '=', this.processName).execute();
  }
}
