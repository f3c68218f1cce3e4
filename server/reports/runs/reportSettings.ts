import type { Kysely } from 'kysely';
import { DEFAULT_RETENTION_DAYS } from '@shared/reports/constants';
import type { ReportSettings } from '@shared/reports/scheduleSchemas';
import type { Database } from '../../db/schema';

/** report_settings row 1: the platform's report settings; absent until an administrator saves them. */
export class ReportSettingsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<ReportSettings> {
    const row = await this.db.selectFrom('report_settings').select('retention_days').where('id', '=', 1).executeTakeFirst();
    return { retentionDays: row ? Number(row.retention_days) : DEFAULT_RETENTION_DAYS };
  }

  async save(settings: ReportSettings, updatedBy: number | null, now = Date.now()): Promise<ReportSettings> {
    await this.db
      .insertInto('report_settings')
      .values({ id: 1, retention_days: settings.retentionDays, updated_by: updatedBy, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ retention_days: settings.retentionDays, updated_by: updatedBy, updated_at: now }))
      .execute();
    return this.get();
  }
}
