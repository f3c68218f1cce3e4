import type { Insertable, Kysely, Selectable } from 'kysely';
import { OPEN_ALARM_STATES, type AlarmKind, type AlarmRecord, type AlarmSeverity, type AlarmState } from '@shared/schemas';
import type { AlarmRecordsTable, Database } from '../db/schema';
import type { AlarmEvents } from './alarmEvents';
import { logAlarmAction, type AlarmActionWrite } from './alarmActionLog';

export type AlarmRecordRow = Selectable<AlarmRecordsTable>;
export type AlarmSubject = AlarmRecord['subject'];

/** What raises an alarm: the condition (subject + rule + kind) and what to show. */
export interface AlarmRaise {
  kind: AlarmKind;
  severity: AlarmSeverity;
  subject: AlarmSubject;
  /** 0 for kinds without a rule. */
  ruleId: number;
  metric: string | null;
  value: number | null;
  limit: number | null;
  message: string;
  at: number;
}

/**
 * An alarm that came and went before the engine saw it (the demo's backfilled history): written closed,
 * either cleared by the system (state 4) or processed by a person (state 3).
 */
export interface PastAlarm extends AlarmRaise {
  /** When the condition ended; null when it has no end of its own (a data error). */
  endedAt: number | null;
  closed: { state: 4 } | { state: 3; by: string; acknowledgedAt: number; at: number; note: string };
}

export function toAlarmRecord(row: AlarmRecordRow): AlarmRecord {
  const time = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: row.id,
    kind: row.kind as AlarmKind,
    severity: row.severity as AlarmSeverity,
    processingState: row.processing_state as AlarmState,
    subject: { type: row.subject_type as AlarmSubject['type'], id: row.subject_id, code: row.subject_code, name: row.subject_name },
    ruleId: row.rule_id === 0 ? null : row.rule_id,
    metric: row.metric,
    value: row.value,
    limit: row.limit_value,
    message: row.message,
    raisedAt: Number(row.raised_at),
    endedAt: time(row.ended_at),
    repeatCount: row.repeat_count,
    lastRepeatAt: time(row.last_repeat_at),
    acknowledgedBy: row.acknowledged_by,
    acknowledgedAt: time(row.acknowledged_at),
    processedBy: row.processed_by,
    processedAt: time(row.processed_at),
    note: row.note,
  };
}

/**
 * Writes alarm records and announces each change. One open record per condition: raising a condition
 * that already has an open record (state 1 or 2) counts a repeat on it instead of adding a row. Every
 * change is written to the action log (alarm_actions) in the same transaction.
 */
export class AlarmRecords {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: AlarmEvents,
  ) {}

  findOpen(subject: Pick<AlarmSubject, 'type' | 'id'>, ruleId: number, kind: AlarmKind, db: Kysely<Database> = this.db): Promise<AlarmRecordRow | undefined> {
    return db
      .selectFrom('alarm_records')
      .selectAll()
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .where('rule_id', '=', ruleId)
      .where('kind', '=', kind)
      .where('processing_state', 'in', [...OPEN_ALARM_STATES])
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async raise(alarm: AlarmRaise): Promise<AlarmRecord> {
    const { row, repeated } = await this.db.transaction().execute(async (trx) => {
      const open = await this.findOpen(alarm.subject, alarm.ruleId, alarm.kind, trx);
      if (open) {
        // The condition came back while someone still has the record open: one record, counted again.
        await trx
          .updateTable('alarm_records')
          .set({ repeat_count: open.repeat_count + 1, last_repeat_at: alarm.at, ended_at: null })
          .where('id', '=', open.id)
          .execute();
        await logAlarmAction(trx, { recordId: open.id, action: 'repeated', at: alarm.at });
        return { row: await this.get(open.id, trx), repeated: true };
      }
      const inserted = await trx.insertInto('alarm_records').values(newRecord(alarm)).returning('id').executeTakeFirstOrThrow();
      await logAlarmAction(trx, { recordId: inserted.id, action: 'raised', at: alarm.at });
      return { row: await this.get(inserted.id, trx), repeated: false };
    });
    const record = toAlarmRecord(row);
    this.events.emit(repeated ? 'changed' : 'raised', record);
    return record;
  }

  /** The condition ended; threshold and error records stay open for a person to process. */
  async end(id: number, at: number): Promise<AlarmRecord> {
    return this.announce(await this.change(id, { ended_at: at }, { recordId: id, action: 'ended', at }));
  }

  /** The condition ended and nothing is left to do (data is back): closed by the system, state 4. */
  async clear(id: number, at: number): Promise<AlarmRecord> {
    return this.announce(await this.change(id, { ended_at: at, processing_state: 4 }, { recordId: id, action: 'cleared', at }));
  }

  /**
   * Closed records from the past, each with its log lines (raised, then acknowledged, ended and processed, or cleared),
   * in one transaction. Not announced: history is not news (no push, no flashing wall).
   */
  async recordPast(alarms: PastAlarm[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const alarm of alarms) {
        const { closed } = alarm;
        const row = {
          ...newRecord(alarm),
          processing_state: closed.state,
          ended_at: alarm.endedAt,
          ...(closed.state === 3
            ? { acknowledged_by: closed.by, acknowledged_at: closed.acknowledgedAt, processed_by: closed.by, processed_at: closed.at, note: closed.note }
            : {}),
        };
        const { id } = await trx.insertInto('alarm_records').values(row).returning('id').executeTakeFirstOrThrow();
        const lines: AlarmActionWrite[] = [{ recordId: id, action: 'raised', at: alarm.at }];
        if (closed.state === 4) lines.push({ recordId: id, action: 'cleared', at: alarm.endedAt ?? alarm.at });
        else {
          lines.push({ recordId: id, action: 'acknowledged', actor: closed.by, at: closed.acknowledgedAt });
          if (alarm.endedAt !== null) lines.push({ recordId: id, action: 'ended', at: alarm.endedAt });
          lines.push({ recordId: id, action: 'processed', actor: closed.by, note: closed.note, at: closed.at });
          lines.sort((a, b) => a.at - b.at);
        }
        for (const line of lines) await logAlarmAction(trx, line);
      }
    });
  }

  get(id: number, db: Kysely<Database> = this.db): Promise<AlarmRecordRow> {
    return db.selectFrom('alarm_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** A record change and its log line, together. */
  private change(id: number, fields: Partial<Omit<AlarmRecordRow, 'id'>>, action: AlarmActionWrite): Promise<AlarmRecordRow> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('alarm_records').set(fields).where('id', '=', id).execute();
      await logAlarmAction(trx, action);
      return this.get(id, trx);
    });
  }

  announce(row: AlarmRecordRow): AlarmRecord {
    const record = toAlarmRecord(row);
    this.events.emit('changed', record);
    return record;
  }
}

function newRecord(alarm: AlarmRaise): Insertable<AlarmRecordsTable> {
  return {
    kind: alarm.kind,
    severity: alarm.severity,
    processing_state: 1,
    subject_type: alarm.subject.type,
    subject_id: alarm.subject.id,
    subject_code: alarm.subject.code,
    subject_name: alarm.subject.name,
    rule_id: alarm.ruleId,
    metric: alarm.metric,
    value: alarm.value,
    limit_value: alarm.limit,
    message: alarm.message,
    raised_at: alarm.at,
    ended_at: null,
    repeat_count: 0,
    last_repeat_at: null,
    acknowledged_by: null,
    acknowledged_at: null,
    processed_by: null,
    processed_at: null,
    note: null,
  };
}
