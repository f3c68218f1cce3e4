import { z } from 'zod';
import { text } from './text';
import { calendarDateIssue } from './dates';
import { DAY_TYPES, type DayType } from '../tariffs/bands';
import type { ImportProblem } from '../resources/exchange';

/**
 * The working calendar and shifts (/devices/shift). One contract for the server's validation and the
 * console's calls.
 *
 * Calendar (a platform setting: holidays are national): GET /api/calendar-days?year= (read with /devices/shift or
 * /devices/peakvalley), PUT/DELETE /api/calendar-days/:day, POST /api/calendar-days/import (administrators only).
 * Days without an entry are Monday–Friday workday, Saturday–Sunday weekend.
 *
 * Shifts (each user tree its own): /api/shift-templates, /api/shift-teams, /api/shift-rota (read /devices/shift,
 * write /devices/shift/add|edit|delete), POST /api/shift-rota/fill, GET /api/shift-energy. A shift whose end is
 * not after its start crosses midnight and belongs to the production day it starts on.
 */
export const SHIFT_SCREEN = '/devices/shift';
export const TARIFF_SCREEN = '/devices/peakvalley';

export const DAY_MESSAGE = 'Enter a date as YYYY-MM-DD';
/** A real calendar day, YYYY-MM-DD. */
export const calendarDay = z.string().refine((value) => calendarDateIssue(value) === null, DAY_MESSAGE);

export const dayTypeSchema = z.enum(DAY_TYPES, { error: 'must be workday, weekend, holiday or special' });

// ---- calendar ----
export const calendarYearQuerySchema = z.object({
  year: z.coerce.number({ error: 'year must be a year such as 2026' }).int('year must be a year such as 2026').min(1900).max(2100),
});
export const calendarDayParamsSchema = z.object({ day: calendarDay });
export const calendarDayBodySchema = z.object({
  dayType: dayTypeSchema,
  name: text().trim().max(40, 'At most 40 characters').default(''),
});
export type CalendarDayBody = z.input<typeof calendarDayBodySchema>;

/** One day of a year as GET /api/calendar-days answers it: the stored entry, or the default type with no name. */
export interface CalendarDay {
  day: string;
  dayType: DayType;
  name: string;
  /** The type a day without an entry has (Mon–Fri workday, Sat–Sun weekend). */
  defaultType: DayType;
  /** Whether an entry is stored (the day differs from its default, or carries a name). */
  stored: boolean;
}

/** At most this many characters of CSV in one import (a year is about 30 lines). */
export const CALENDAR_IMPORT_MAX_CHARS = 200_000;
export const calendarImportBodySchema = z.object({
  /** The file's text: a header line `day,type,name`, then one line per day. */
  csv: z.string().min(1, 'Choose a CSV or XLSX file to import').max(CALENDAR_IMPORT_MAX_CHARS, 'The file is too large: at most 200,000 characters'),
  /** Check every row and answer the preview; write nothing. */
  dryRun: z.boolean().default(false),
});
export type CalendarImportBody = z.input<typeof calendarImportBodySchema>;

/** Type words an import accepts besides the codes (the console's Chinese labels). */
export const DAY_TYPE_WORDS: Readonly<Record<string, DayType>> = {
  workday: 'workday',
  weekend: 'weekend',
  holiday: 'holiday',
  special: 'special',
  工作日: 'workday',
  周末: 'weekend',
  节假日: 'holiday',
  特殊日: 'special',
};

export interface CalendarImportRow {
  line: number;
  day: string;
  dayType: DayType;
  name: string;
}

export interface CalendarImportResult {
  dryRun: boolean;
  rows: number;
  good: number;
  bad: number;
  /** Days stored (0 on a dry run). */
  written: number;
  problems: ImportProblem[];
  /** The good rows as they will be (or were) stored. */
  preview: CalendarImportRow[];
}

// ---- shift templates and teams ----
export const CLOCK_MESSAGE = 'Enter a time on the quarter hour as HH:MM (00:00, 00:15 … 23:45)';
/** HH:MM on the quarter hour. */
export const quarterClock = z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, CLOCK_MESSAGE);

export const shiftTemplateBodySchema = z.object({
  name: text().trim().min(1, 'Please enter the shift name').max(40, 'At most 40 characters'),
  start: quarterClock,
  /** Not after `start`: the shift crosses midnight (22:00–06:00). Equal to `start`: a 24-hour shift. */
  end: quarterClock,
  sort: z.number().int().min(0).max(999).default(0),
});
export type ShiftTemplateBody = z.input<typeof shiftTemplateBodySchema>;
export type ShiftTemplateFields = z.output<typeof shiftTemplateBodySchema>;

export interface ShiftTemplate {
  id: number;
  name: string;
  start: string;
  end: string;
  sort: number;
  /** end ≤ start: the shift ends on the next calendar day. */
  crossesMidnight: boolean;
  /** Its length in minutes (1–1440). */
  minutes: number;
}

export const shiftTeamBodySchema = z.object({
  name: text().trim().min(1, 'Please enter the team name').max(40, 'At most 40 characters'),
  sort: z.number().int().min(0).max(999).default(0),
});
export type ShiftTeamBody = z.input<typeof shiftTeamBodySchema>;
export type ShiftTeamFields = z.output<typeof shiftTeamBodySchema>;

export interface ShiftTeam {
  id: number;
  name: string;
  sort: number;
}

export const shiftIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
/** GET /api/shift-templates and /api/shift-teams: with a department, only those of its user tree (what its rota may use). */
export const shiftListQuerySchema = z.object({ departmentId: z.coerce.number().int().positive().optional() });

// ---- rota ----
/** The most days one rota read or fill may span. */
export const ROTA_MAX_DAYS = 366;

export const rotaQuerySchema = z.object({
  departmentId: z.coerce.number().int().positive('Choose a department'),
  from: calendarDay,
  to: calendarDay,
});

/** PUT /api/shift-rota: one production day of a department, the team of each shift (null = nobody planned). */
export const rotaDayBodySchema = z.object({
  departmentId: z.number().int().positive('Choose a department'),
  day: calendarDay,
  slots: z.array(z.object({ shiftId: z.number().int().positive(), teamId: z.number().int().positive().nullable() })).max(48, 'At most 48 shifts a day'),
});
export type RotaDayBody = z.input<typeof rotaDayBodySchema>;
export type RotaDayFields = z.output<typeof rotaDayBodySchema>;

/**
 * POST /api/shift-rota/fill: for each day from..to (inclusive) the i-th day of the cycle gives each shift
 * `pattern[shiftId][i mod length]`; a shift left out keeps its slots. Example (two shifts, three teams, a three-day cycle):
 * {shiftId: 1, teamIds: [A, B, C]}, {shiftId: 2, teamIds: [C, A, B]}.
 */
export const rotaFillBodySchema = z.object({
  departmentId: z.number().int().positive('Choose a department'),
  from: calendarDay,
  to: calendarDay,
  pattern: z
    .array(
      z.object({
        shiftId: z.number().int().positive(),
        teamIds: z.array(z.number().int().positive().nullable()).min(1, 'Give at least one team per shift').max(62, 'At most 62 days in a cycle'),
      }),
    )
    .min(1, 'Give the teams of at least one shift')
    .max(48),
});
export type RotaFillBody = z.input<typeof rotaFillBodySchema>;
export type RotaFillFields = z.output<typeof rotaFillBodySchema>;

export interface RotaSlot {
  day: string;
  shiftId: number;
  teamId: number | null;
}

// ---- shift energy ----
/** The most days one shift-energy read may span (15-minute data of every counted meter). */
export const SHIFT_ENERGY_MAX_DAYS = 92;

export const shiftEnergyQuerySchema = z.object({
  departmentId: z.coerce.number().int().positive('Choose a department'),
  from: calendarDay,
  to: calendarDay,
  energyType: z.enum(['electricity', 'water', 'gas']).default('electricity'),
});

/** One shift of one production day: energy of the department's counted meters over [from, to). */
export interface ShiftEnergyRow {
  day: string;
  shiftId: number;
  shiftName: string;
  teamId: number | null;
  teamName: string | null;
  /** The template's wall-clock start and end (HH:MM in TIME_ZONE); end ≤ start ends the next day. */
  start: string;
  end: string;
  /** Epoch ms, the shift's start and end in TIME_ZONE. */
  from: number;
  to: number;
  energy: number;
  /** Whether part of it is an estimate (completed gap). */
  estimated: boolean;
  /** Cost in minor units when every interval was priced by a tariff; null when none priced it. */
  costMinor: number | null;
}

/** The shift in force now for a department (wall widget). */
export interface CurrentShift {
  day: string;
  shiftId: number;
  shiftName: string;
  teamName: string | null;
  from: number;
  to: number;
}
