import type { Kysely, Selectable } from 'kysely';
import type { ReportFormat, ReportLang, ScheduleCadence } from '@shared/reports/constants';
import { SCHEDULE_RULES, type ReportScheduleBody } from '@shared/reports/scheduleSchemas';
import type { ReportPeriod } from '@shared/reports/spec';
import type { ReportRunView, ReportScheduleView } from '@shared/reports/types';
import type { Database } from '../../db/schema';
import type { ReportSchedulesTable } from '../../db/reportsSchema';
import { AppError, validationError } from '../../http/appError';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import { seedRun, type ReportRuns } from '../runs/reportRuns';
import { cronOf, expressionOf, latestDueSlot, nextSlot } from './scheduleTimes';

type ScheduleRow = Selectable<ReportSchedulesTable>;

/** How often every process looks for due schedules (and once at start). */
export const SCHEDULER_POLL_MS = 30_000;

/**
 * Report schedules: CRUD in the caller's tree, and the scheduler that turns a due slot into one queued run per
 * format. Several processes may look at the same due slot: the runs' unique (schedule_id, schedule_slot, format)
 * index lets exactly one insert of each format through, and next_run_at moves on with a conditional update.
 */
export class ReportSchedules {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly runs: ReportRuns,
    private readonly timeZone: string,
  ) {}

  async list(scope: OwnerScope, definitionId?: number): Promise<ReportScheduleView[]> {
    let query = this.joined();
    const owners = ownerIds(scope);
    if (owners) query = query.where('s.owner_user_id', 'in', owners);
    if (definitionId) query = query.where('s.definition_id', '=', definitionId);
    const rows = await query.orderBy('s.id').execute();
    return rows.map((row) => this.toView(row));
  }

  async view(id: number): Promise<ReportScheduleView> {
    const row = await this.joined().where('s.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: `Report schedule ${id} was not found` });
    return this.toView(row);
  }

  async create(scope: OwnerScope, userId: number, body: ReportScheduleBody, now = Date.now()): Promise<ReportScheduleView> {
    const definition = await this.definitionInScope(scope, body.definitionId);
    const row = await this.db
      .insertInto('report_schedules')
      .values({ ...this.columns(body, now), owner_user_id: definition.owner_user_id, created_by: userId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.view(Number(row.id));
  }

  /** Replaces a schedule's settings; its next slot is worked out again from now. */
  async update(scope: OwnerScope, id: number, body: ReportScheduleBody, now = Date.now()): Promise<ReportScheduleView> {
    await this.definitionInScope(scope, body.definitionId);
    await this.db.updateTable('report_schedules').set(this.columns(body, now)).where('id', '=', id).execute();
    return this.view(id);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('report_schedules').where('id', '=', id).execute();
  }

  /** Queues the schedule's runs now (one per format), delivered to its recipients like a scheduled slot. */
  async runNow(id: number, userId: number, now = Date.now()): Promise<ReportRunView[]> {
    const schedule = await this.db.selectFrom('report_schedules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!schedule) throw new AppError('NOT_FOUND', { message: `Report schedule ${id} was not found` });
    const ids = await this.makeRuns(schedule, now, userId);
    return Promise.all(ids.map((runId) => this.runs.view(runId)));
  }

  /**
   * Every enabled schedule whose next slot has come: the latest slot due (a stop that missed several runs the
   * latest once), one run per format, then next_run_at moved on if nobody moved it first. Returns the runs this
   * call inserted.
   */
  async runDue(now = Date.now()): Promise<number[]> {
    const due = await this.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .execute();
    const made: number[] = [];
    for (const schedule of due) {
      const storedSlot = Number(schedule.next_run_at);
      const cron = cronOf(this.expression(schedule), this.timeZone);
      if (!cron) {
        await this.db.updateTable('report_schedules').set({ next_run_at: null }).where('id', '=', schedule.id).where('next_run_at', '=', storedSlot).execute();
        continue;
      }
      const slot = latestDueSlot(cron, storedSlot, now);
      made.push(...(await this.makeRuns(schedule, slot, schedule.created_by)));
      await this.db
        .updateTable('report_schedules')
        .set({ next_run_at: nextSlot(cron, now), last_run_at: slot })
        .where('id', '=', schedule.id)
        .where('next_run_at', '=', storedSlot)
        .execute();
    }
    return made;
  }

  /** Loops runDue every SCHEDULER_POLL_MS from now on; returns the stop. */
  start(onError: (error: unknown) => void, pollMs = SCHEDULER_POLL_MS): () => void {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      void this.runDue()
        .catch(onError)
        .finally(() => {
          busy = false;
        });
    };
    const timer = setInterval(tick, pollMs);
    timer.unref();
    const first = setTimeout(tick, 1000);
    first.unref();
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }

  /** One queued run per format for `slot`, the period relative to the slot's day; ids of those this call inserted. */
  private async makeRuns(schedule: ScheduleRow, slot: number, createdBy: number | null): Promise<number[]> {
    const definition = await this.db
      .selectFrom('report_definitions')
      .select(['id', 'name', 'spec'])
      .where('id', '=', schedule.definition_id)
      .executeTakeFirst();
    if (!definition) return [];
    const made: number[] = [];
    for (const format of JSON.parse(schedule.formats) as ReportFormat[]) {
      const seed = seedRun(
        { id: Number(definition.id), name: definition.name, spec: definition.spec },
        { format, period: JSON.parse(schedule.period) as ReportPeriod, lang: schedule.lang as ReportLang },
        this.timeZone,
        slot,
      );
      const id = await this.runs.insert(seed, { ownerUserId: schedule.owner_user_id, createdBy, now: Date.now(), scheduleId: Number(schedule.id), slot });
      if (id !== null) made.push(id);
    }
    return made;
  }

  private columns(body: ReportScheduleBody, now: number) {
    const expression = expressionOf(body);
    const cron = cronOf(expression, this.timeZone);
    if (!cron) throw validationError([{ field: 'cron', rule: 'cronInvalid', message: SCHEDULE_RULES.cronInvalid }]);
    return {
      definition_id: body.definitionId,
      name: body.name,
      cadence: body.cadence,
      time: body.time,
      weekday: body.weekday,
      month_day: body.monthDay,
      cron: body.cadence === 'cron' ? expression : '',
      period: JSON.stringify(body.period),
      formats: JSON.stringify(body.formats),
      lang: body.lang,
      recipients: JSON.stringify(body.recipients),
      enabled: body.enabled ? 1 : 0,
      next_run_at: body.enabled ? nextSlot(cron, now) : null,
    };
  }

  private async definitionInScope(scope: OwnerScope, id: number) {
    let query = this.db.selectFrom('report_definitions').select(['id', 'owner_user_id']).where('id', '=', id);
    const owners = ownerIds(scope);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    const row = await query.executeTakeFirst();
    if (!row) throw validationError([{ field: 'definitionId', rule: 'exists', message: `report definition ${id} does not exist` }]);
    return row;
  }

  private expression(row: Pick<ScheduleRow, 'cadence' | 'time' | 'weekday' | 'month_day' | 'cron'>): string {
    return expressionOf({ cadence: row.cadence as ScheduleCadence, time: row.time, weekday: row.weekday, monthDay: row.month_day, cron: row.cron });
  }

  private joined() {
    return this.db
      .selectFrom('report_schedules as s')
      .innerJoin('report_definitions as d', 'd.id', 's.definition_id')
      .selectAll('s')
      .select('d.name as definition_name');
  }

  private toView(row: ScheduleRow & { definition_name: string }): ReportScheduleView {
    return {
      id: Number(row.id),
      definitionId: Number(row.definition_id),
      definitionName: row.definition_name,
      name: row.name,
      cadence: row.cadence as ScheduleCadence,
      time: row.time,
      weekday: Number(row.weekday),
      monthDay: Number(row.month_day),
      cron: row.cron,
      expression: this.expression(row),
      period: JSON.parse(row.period) as ReportPeriod,
      formats: JSON.parse(row.formats) as ReportFormat[],
      lang: row.lang as ReportLang,
      recipients: JSON.parse(row.recipients) as string[],
      enabled: Number(row.enabled) === 1,
      nextRunAt: row.next_run_at === null ? null : Number(row.next_run_at),
      lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
    };
  }
}
