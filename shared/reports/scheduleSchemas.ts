import { z } from 'zod';
import { requiredText } from '../resources/rules';
import { text } from '../schemas/text';
import { PERIOD_PRESETS, REPORT_FORMATS, REPORT_LANGS, SCHEDULE_CADENCES, LINK_DEFAULT_DAYS, LINK_MAX_DAYS } from './constants';
import { reportPeriodSchema } from './spec';

export const SCHEDULE_RULES = {
  cronInvalid: 'Not a cron expression this server understands (five fields: minute hour day month weekday)',
  time: 'Time must be HH:mm',
  weekday: 'Choose a weekday',
  monthDay: 'Day of the month must be 1 to 28',
  recipients: 'Add at least one e-mail address',
  email: 'Not an e-mail address',
  formats: 'Choose at least one format',
  customPeriod: 'A schedule covers a period relative to its run (yesterday, last month…), not fixed days',
} as const;
const s = SCHEDULE_RULES;

/**
 * POST/PUT /api/report-schedules. daily: every day at `time`; weekly: on `weekday` (1 = Monday … 7 = Sunday) at
 * `time`; monthly: on `monthDay` at `time`; cron: the five-field expression `cron`. All in TIME_ZONE. The server
 * checks `cron` with its cron library and answers `cronInvalid` when it cannot read it.
 */
export const reportScheduleBodySchema = z
  .object({
    definitionId: z.number().int().positive(),
    name: requiredText(80),
    cadence: z.enum(SCHEDULE_CADENCES),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, s.time)
      .default('07:00'),
    weekday: z.number().int().min(1, s.weekday).max(7, s.weekday).default(1),
    monthDay: z.number().int().min(1, s.monthDay).max(28, s.monthDay).default(1),
    cron: text().trim().max(100).default(''),
    /** relative presets only */
    period: reportPeriodSchema.default({ preset: 'yesterday' }),
    formats: z.array(z.enum(REPORT_FORMATS)).min(1, s.formats).max(3),
    lang: z.enum(REPORT_LANGS).default('en'),
    recipients: z.array(z.string().trim().email(s.email).max(200)).min(1, s.recipients).max(50),
    enabled: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.period.preset === 'custom') ctx.addIssue({ code: 'custom', path: ['period'], message: s.customPeriod });
    if (body.cadence === 'cron' && !body.cron) ctx.addIssue({ code: 'custom', path: ['cron'], message: s.cronInvalid });
    if (new Set(body.formats).size !== body.formats.length) ctx.addIssue({ code: 'custom', path: ['formats'], message: s.formats });
  });
export type ReportScheduleBody = z.output<typeof reportScheduleBodySchema>;
export const SCHEDULE_PERIOD_PRESETS = PERIOD_PRESETS.filter((preset) => preset !== 'custom');

/** POST /api/report-links: a public, read-only, expiring link to one generated file or to a live definition with fixed parameters. */
export const reportLinkBodySchema = z
  .object({
    target: z.enum(['run', 'definition']),
    runId: z.number().int().positive().optional(),
    definitionId: z.number().int().positive().optional(),
    /** a live definition's fixed period (a custom range or a relative preset) */
    period: reportPeriodSchema.optional(),
    label: text().trim().max(80).default(''),
    expiresInDays: z.number().int().min(1).max(LINK_MAX_DAYS).default(LINK_DEFAULT_DAYS),
  })
  .superRefine((body, ctx) => {
    if (body.target === 'run' && !body.runId) ctx.addIssue({ code: 'custom', path: ['runId'], message: 'Choose the generated report to share' });
    if (body.target === 'definition' && !body.definitionId)
      ctx.addIssue({ code: 'custom', path: ['definitionId'], message: 'Choose the report definition to share' });
  });
export type ReportLinkBody = z.output<typeof reportLinkBodySchema>;

/** PUT /api/report-settings (administrators): how long generated files are kept. */
export const reportSettingsSchema = z.object({ retentionDays: z.number().int().min(1).max(3650) });
export type ReportSettings = z.output<typeof reportSettingsSchema>;

export { REPORT_FORMATS };
