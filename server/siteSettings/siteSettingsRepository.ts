import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_SITE_SETTINGS, siteSettingsInputSchema, type SiteSettings, type SiteSettingsValues } from '@shared/schemas/siteSettings';
import type { Database, SiteSettingsTable } from '../db/schema';

/** The one settings row (migration 0017 inserts it) as the contract's values. */
export class SiteSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async read(): Promise<SiteSettings> {
    const row = await this.db.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    return row ? fromRow(row) : { ...DEFAULT_SITE_SETTINGS, updatedAt: null, updatedBy: null };
  }

  async write(values: SiteSettingsValues, updatedBy: string, now = Date.now()): Promise<SiteSettings> {
    const columns = {
      name: values.name,
      logo_url: values.logoUrl,
      favicon_url: values.faviconUrl,
      default_language: values.defaultLanguage,
      theme_color: values.themeColor,
      reading_retention_days: values.readingRetentionDays,
      session_minutes: values.sessionMinutes,
      hidden_groups: JSON.stringify(values.hiddenGroups),
      updated_at: now,
      updated_by: updatedBy,
    };
    await this.db
      .insertInto('site_settings')
      .values({ id: 1, ...columns })
      .onConflict((oc) => oc.column('id').doUpdateSet(columns))
      .execute();
    return { ...values, updatedAt: now, updatedBy };
  }
}

/**
 * A stored row read back through the contract, so a value an older version stored (or a hand edit) that the
 * rules no longer allow falls back to its default rather than reaching the pages.
 */
function fromRow(row: Selectable<SiteSettingsTable>): SiteSettings {
  const raw = {
    name: row.name,
    logoUrl: row.logo_url,
    faviconUrl: row.favicon_url,
    defaultLanguage: row.default_language,
    themeColor: row.theme_color,
    readingRetentionDays: row.reading_retention_days === null ? null : Number(row.reading_retention_days),
    sessionMinutes: row.session_minutes === null ? null : Number(row.session_minutes),
    hiddenGroups: parseGroups(row.hidden_groups),
  };
  const values = { ...DEFAULT_SITE_SETTINGS };
  for (const key of Object.keys(raw) as (keyof typeof raw)[]) {
    const field = siteSettingsInputSchema.shape[key].safeParse(raw[key]);
    if (field.success) Object.assign(values, { [key]: field.data });
  }
  return { ...values, updatedAt: row.updated_at === null ? null : Number(row.updated_at), updatedBy: row.updated_by };
}

function parseGroups(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return [];
  }
}
