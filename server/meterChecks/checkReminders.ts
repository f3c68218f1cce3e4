import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AlarmRecords } from '../alarms/alarmRecords';
import { alarmSubject } from '../alarms/alarmSubjects';
import { logAlarmAction } from '../alarms/alarmActionLog';
import { localPeriods } from '../metering/calendar';
import { runOncePerPeriod, watchLapsedPeriods } from '../siteSettings/jobClaims';

export const CHECK_REMINDER_JOB = 'meter-check-reminders';
/** How often a process looks whether today's run is still to be done (a claimed day costs one write). */
export const CHECK_REMINDER_EVERY_MS = 10 * 60_000;

/** The reminder's text: `Check overdue: M012 calibration was due 2026-11-01`. */
export const overdueMessage = (meterCode: string, kind: string, due: string): string => `Check overdue: ${meterCode} ${kind} was due ${due}`;

/**
 * Reminders cleared by a check written in this process, waiting to be announced on `app.alarms.events` once the
 * check's transaction committed (a resource hook has no app to announce with). Alarm id → when to give up (the
 * write rolled back). Drained every second by this process's CheckReminders.
 */
const clearedHere = new Map<number, number>();
const ANNOUNCE_EVERY_MS = 1000;
const ANNOUNCE_GIVE_UP_MS = 30_000;

export interface ReminderRun {
  /** Whether this process ran today's pass (false: another process claimed the day). */
  ran: boolean;
  raised: number;
}

interface CheckRow {
  id: number;
  meter_id: number;
  kind: string;
  check_day: string;
  next_due: string | null;
  overdue_alarm_id: number | null;
}

/**
 * Overdue meter checks: once a local day (TIME_ZONE), claimed once across every server process sharing the
 * database (`job_claims`), each meter whose latest check (by check day, then id) names a next due day before
 * today gets a `device` alarm on the meter, "Check overdue: M012 calibration was due 2026-11-01". The alarm's id
 * is kept on that check row, so a meter and due day is reminded of once, whichever process runs and however
 * often; a check recorded after it clears the alarm (meterCheckHooks.ts, in the check's transaction).
 * A process that dies mid-pass stops renewing its claim, and another process runs the day within ~25 s.
 */
export class CheckReminders {
  /** Names this process in the claim row. */
  readonly processName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: AlarmRecords,
    private readonly timeZone: string,
  ) {}

  async runIfDue(now = Date.now()): Promise<ReminderRun> {
    const today = localPeriods(now, this.timeZone).day;
    const run = await runOncePerPeriod(this.db, CHECK_REMINDER_JOB, today, this.processName, () => this.raiseOverdue(today, now), now);
    return run.ran ? { ran: true, raised: run.result } : { ran: false, raised: 0 };
  }

  /** Raises the reminders due before `today` not raised yet; returns how many it raised. */
  async raiseOverdue(today: string, now: number): Promise<number> {
    const rows: CheckRow[] = await this.db
      .selectFrom('meter_checks')
      .select(['id', 'meter_id', 'kind', 'check_day', 'next_due', 'overdue_alarm_id'])
      .orderBy('meter_id')
      .orderBy('check_day')
      .orderBy('id')
      .execute();
    const latest = new Map<number, CheckRow>();
    for (const row of rows) latest.set(row.meter_id, row);
    let raised = 0;
    for (const check of latest.values()) {
      if (check.next_due === null || check.next_due >= today || check.overdue_alarm_id !== null) continue;
      const subject = await alarmSubject(this.db, 'meter', check.meter_id);
      const record = await this.records.raise({
        kind: 'device',
        severity: 'medium',
        subject,
        ruleId: 0,
        metric: null,
        value: null,
        limit: null,
        message: overdueMessage(subject.code ?? subject.name, check.kind, check.next_due),
        at: now,
      });
      await this.db.updateTable('meter_checks').set({ overdue_alarm_id: record.id }).where('id', '=', check.id).where('overdue_alarm_id', 'is', null).execute();
      raised++;
    }
    return raised;
  }

  /**
   * Announces (`changed`) the reminders a check written here cleared, once their clearing is committed, so badges,
   * open lists and forwarding see it from the process that did the write. Returns how many it announced.
   */
  async announceCleared(now = Date.now()): Promise<number> {
    let announced = 0;
    for (const [id, giveUpAt] of [...clearedHere]) {
      const row = await this.records.get(id).catch(() => undefined);
      if (row?.processing_state === 4) {
        clearedHere.delete(id);
        this.records.announce(row);
        announced++;
      } else if (!row || now > giveUpAt) clearedHere.delete(id);
    }
    return announced;
  }

  /** Checks now and then every `everyMs`; returns the stop function, which waits for a pass under way. */
  start(onRun: (run: ReminderRun) => void, onError: (error: unknown) => void, everyMs = CHECK_REMINDER_EVERY_MS): () => Promise<void> {
    let running: Promise<void> | null = null;
    let announcing: Promise<unknown> | null = null;
    const tick = () => {
      running ??= this.runIfDue()
        .then(onRun, onError)
        .finally(() => {
          running = null;
        });
    };
    const announce = () => {
      if (clearedHere.size === 0) return;
      announcing ??= this.announceCleared()
        .catch(onError)
        .finally(() => {
          announcing = null;
        });
    };
    const timer = setInterval(tick, everyMs);
    const announceTimer = setInterval(announce, ANNOUNCE_EVERY_MS);
    timer.unref();
    announceTimer.unref();
    const unwatch = watchLapsedPeriods(this.db, [CHECK_REMINDER_JOB], tick, onError);
    tick();
    return async () => {
      unwatch();
      clearInterval(timer);
      clearInterval(announceTimer);
      await running;
      await announcing;
    };
  }
}

/** Starts this process's daily overdue-check pass (app.ts); returns what stops it. */
export function startCheckReminders(app: FastifyInstance, timeZone: string): () => Promise<void> {
  const reminders = new CheckReminders(app.storage.db, app.alarms.engine.records, timeZone);
  return reminders.start(
    (run) => {
      if (run.ran && run.raised > 0) app.log.info({ raised: run.raised }, 'overdue meter checks reminded');
    },
    (error) => app.log.warn({ err: error }, 'overdue meter check pass failed'),
  );
}

/**
 * Closes a reminder the way the system closes an offline alarm whose data came back (state 4, `cleared`, end time
 * set), in the caller's transaction (the check that satisfied it): a check recorded is the reminder done, nothing
 * is left for a person to process, and the meter's next due day gets a record of its own. False when a person
 * processed it already.
 */
export async function clearReminder(db: Kysely<Database>, alarmId: number, at: number): Promise<boolean> {
  const changed = await db
    .updateTable('alarm_records')
    .set({ ended_at: at, processing_state: 4 })
    .where('id', '=', alarmId)
    .where('processing_state', 'in', [1, 2])
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return false;
  await logAlarmAction(db, { recordId: alarmId, action: 'cleared', at });
  clearedHere.set(alarmId, at + ANNOUNCE_GIVE_UP_MS);
  return true;
}

/** A check was written: the reminders of the same meter's earlier checks are satisfied. */
export async function clearRemindersSupersededBy(db: Kysely<Database>, checkId: number, at: number): Promise<number> {
  const check = await db.selectFrom('meter_checks').select(['meter_id', 'check_day']).where('id', '=', checkId).executeTakeFirst();
  if (!check) return 0;
  const earlier = await db
    .selectFrom('meter_checks')
    .select(['id', 'overdue_alarm_id'])
    .where('meter_id', '=', check.meter_id)
    .where('id', '<>', checkId)
    .where('overdue_alarm_id', 'is not', null)
    .where((eb) => eb.or([eb('check_day', '<', check.check_day), eb.and([eb('check_day', '=', check.check_day), eb('id', '<', checkId)])]))
    .execute();
  let ended = 0;
  for (const row of earlier) if (row.overdue_alarm_id !== null && (await clearReminder(db, row.overdue_alarm_id, at))) ended++;
  return ended;
}
