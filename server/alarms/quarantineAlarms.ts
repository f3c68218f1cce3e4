import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AlarmRecords } from './alarmRecords';
import { alarmSubject } from './alarmSubjects';

const format = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * Error alarms for implausible register steps: the reading writer sends them to the quarantine table;
 * after each committed batch the rows newer than the last one seen raise (or repeat) the meter's
 * error alarm. Rows quarantined before the engine started are left to the quarantine desk.
 */
export class QuarantineAlarms {
  private lastId: number | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: AlarmRecords,
  ) {}

  async init(): Promise<void> {
    const row = await this.db
      .selectFrom('quarantine')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    this.lastId = Number(row?.max ?? 0);
  }

  async check(): Promise<void> {
    if (this.lastId === undefined) await this.init();
    const rows = await this.db.selectFrom('quarantine').selectAll().where('id', '>', this.lastId!).orderBy('id').execute();
    for (const row of rows) {
      this.lastId = row.id;
      await this.records.raise({
        kind: 'error',
        severity: 'high',
        subject: await alarmSubject(this.db, 'meter', row.meter_id),
        ruleId: 0,
        metric: 'energy',
        value: row.energy,
        limit: row.limit_energy,
        message: `implausible step of ${format(row.energy)} over the ${format(row.limit_energy)} possible between ${new Date(Number(row.from_ts)).toISOString()} and ${new Date(Number(row.to_ts)).toISOString()}, sent to quarantine`,
        at: Number(row.created_at),
      });
    }
  }
}
