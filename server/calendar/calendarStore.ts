import type { Kysely } from 'kysely';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportProblem } from '@shared/resources/exchange';
import { calendarDateIssue } from '@shared/schemas/dates';
import { text } from '@shared/schemas/text';
import { DAY_TYPE_WORDS, type CalendarDay, type CalendarImportResult, type CalendarImportRow } from '@shared/schemas/shifts';
import { defaultDayType } from '@shared/tariffs/bandLookup';
import type { DayType } from '@shared/tariffs/bands';
import type { Database } from '../db/schema';
import { fileRefused, readSheet } from '../resources/exchange/sheets';

/** The header names an import accepts for its three columns (English codes or the console's Chinese labels). */
const COLUMN_NAMES: Readonly<Record<'day' | 'type' | 'name', readonly string[]>> = {
  day: ['day', 'date', '日期'],
  type: ['type', 'daytype', 'day type', '类型'],
  name: ['name', '名称'],
};
const NAME_MAX = 40;
const oneLineText = text();

const daysOfYear = (year: number): string[] => {
  const days: string[] = [];
  for (let date = new Date(Date.UTC(year, 0, 1)); date.getUTCFullYear() === year; date.setUTCDate(date.getUTCDate() + 1))
    days.push(date.toISOString().slice(0, 10));
  return days;
};

/** What a change did: the days whose stored entry changed (those need their band rollups recomputed). */
export interface CalendarChange {
  changedDays: string[];
}

/**
 * The working calendar (a platform setting): only the days that differ from the default (Monday–Friday workday,
 * Saturday–Sunday weekend) are stored. Setting a day back to its default type deletes its entry (and its name).
 */
export class CalendarStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every day of `year`, in order: its stored entry, or its default type without a name. */
  async year(year: number): Promise<CalendarDay[]> {
    const rows = await this.db
      .selectFrom('calendar_days')
      .select(['day', 'day_type', 'name'])
      .where('day', '>=', `${year}-01-01`)
      .where('day', '<=', `${year}-12-31`)
      .execute();
    const stored = new Map(rows.map((row) => [row.day, row]));
    return daysOfYear(year).map((day) => {
      const entry = stored.get(day);
      const defaultType = defaultDayType(day);
      return entry
        ? { day, dayType: entry.day_type, name: entry.name, defaultType, stored: true }
        : { day, dayType: defaultType, name: '', defaultType, stored: false };
    });
  }

  async get(day: string): Promise<CalendarDay> {
    const entry = await this.db.selectFrom('calendar_days').select(['day_type', 'name']).where('day', '=', day).executeTakeFirst();
    const defaultType = defaultDayType(day);
    return entry
      ? { day, dayType: entry.day_type, name: entry.name, defaultType, stored: true }
      : { day, dayType: defaultType, name: '', defaultType, stored: false };
  }

  /** Sets one day; the default type deletes its entry. Answers the day as it now is and whether its type changed. */
  async set(day: string, dayType: DayType, name: string, by: number | null): Promise<{ day: CalendarDay; typeChanged: boolean }> {
    const before = await this.get(day);
    await this.write(this.db, { day, dayType, name }, by);
    return { day: await this.get(day), typeChanged: before.dayType !== dayType };
  }

  /** Deletes a day's entry (back to its default); whether its type changed. */
  async remove(day: string): Promise<boolean> {
    const before = await this.get(day);
    await this.db.deleteFrom('calendar_days').where('day', '=', day).execute();
    return before.dayType !== before.defaultType;
  }

  /**
   * Imports CSV text `day,type,name` (header on line 1, as an export of the year would write it). Each row is
   * checked on its own: a bad row is answered with its line and reason and the good rows are kept (written
   * in one transaction unless `dryRun`). A day named twice is refused on its second line.
   */
  async import(csv: string, dryRun: boolean, by: number | null): Promise<CalendarImportResult & CalendarChange> {
    const sheet = await readSheet(Buffer.from(csv, 'utf8'));
    if (sheet.header.every((cell) => cell.trim() === '')) throw fileRefused(IMPORT_MESSAGES.noHeader);
    const header = sheet.header.map((cell) => cell.trim().toLowerCase());
    const column = (key: keyof typeof COLUMN_NAMES) => header.findIndex((cell) => COLUMN_NAMES[key].includes(cell));
    const dayAt = column('day');
    const typeAt = column('type');
    const nameAt = column('name');
    if (dayAt < 0 || typeAt < 0) throw fileRefused('Line 1 must name the columns day,type,name');
    if (sheet.rows.length === 0) throw fileRefused(IMPORT_MESSAGES.noRows);
    if (sheet.rows.length > IMPORT_MAX_ROWS) throw fileRefused(IMPORT_MESSAGES.tooManyRows);

    const problems: ImportProblem[] = [];
    const good: CalendarImportRow[] = [];
    const seen = new Map<string, number>();
    for (const { line, cells } of sheet.rows) {
      const day = (cells[dayAt] ?? '').trim();
      const typeText = (cells[typeAt] ?? '').trim();
      const name = nameAt < 0 ? '' : (cells[nameAt] ?? '').trim();
      const dayIssue = calendarDateIssue(day);
      if (dayIssue) {
        const reason = day === '' ? 'day is required' : dayIssue === 'range' ? `${day} is outside 1900-01-01..2100-12-31` : `${day} is not a date (YYYY-MM-DD)`;
        problems.push({ line, field: 'day', rule: 'date', reason });
        continue;
      }
      const dayType = DAY_TYPE_WORDS[typeText] ?? DAY_TYPE_WORDS[typeText.toLowerCase()];
      if (!dayType) {
        problems.push({ line, field: 'type', rule: 'enum', reason: `"${typeText}" is not a day type: use workday, weekend, holiday or special` });
        continue;
      }
      if (name.length > NAME_MAX || !oneLineText.safeParse(name).success) {
        problems.push({
          line,
          field: 'name',
          rule: 'text',
          reason: name.length > NAME_MAX ? `name: at most ${NAME_MAX} characters` : 'name: must not contain control characters',
        });
        continue;
      }
      const earlier = seen.get(day);
      if (earlier !== undefined) {
        problems.push({ line, field: 'day', rule: 'unique', reason: `${day} is already on line ${earlier}` });
        continue;
      }
      seen.set(day, line);
      good.push({ line, day, dayType, name: dayType === defaultDayType(day) ? '' : name });
    }

    const changedDays: string[] = [];
    if (!dryRun && good.length) {
      const before = new Map(
        (
          await this.db
            .selectFrom('calendar_days')
            .select(['day', 'day_type'])
            .where(
              'day',
              'in',
              good.map((row) => row.day),
            )
            .execute()
        ).map((row) => [row.day, row.day_type]),
      );
      await this.db.transaction().execute(async (trx) => {
        for (const row of good) await this.write(trx, row, by);
      });
      for (const row of good) if ((before.get(row.day) ?? defaultDayType(row.day)) !== row.dayType) changedDays.push(row.day);
    }
    return {
      dryRun,
      rows: sheet.rows.length,
      good: good.length,
      bad: problems.length,
      written: dryRun ? 0 : good.length,
      problems,
      preview: good,
      changedDays,
    };
  }

  private async write(db: Kysely<Database>, entry: { day: string; dayType: DayType; name: string }, by: number | null): Promise<void> {
    if (entry.dayType === defaultDayType(entry.day)) {
      await db.deleteFrom('calendar_days').where('day', '=', entry.day).execute();
      return;
    }
    const now = Date.now();
    await db
      .insertInto('calendar_days')
      .values({ day: entry.day, day_type: entry.dayType, name: entry.name, updated_by: by, updated_at: now })
      .onConflict((conflict) => conflict.column('day').doUpdateSet({ day_type: entry.dayType, name: entry.name, updated_by: by, updated_at: now }))
      .execute();
  }
}
