import { z } from 'zod';
import { BAND_TYPES, type BandType } from '../tariffs/bands';
import { text } from './text';

/**
 * /settlement/power-month-record: the monthly meter register record, the figures a utility bill is checked
 * against. Per meter of the caller's tree and month (local, TIME_ZONE): the start register (the last reading at
 * or before the month's first instant), the end register (the last at or before the next month's first
 * instant), the CT × PT multiplier, the register energy (end − start) × multiplier beside the month's energy
 * rollup (a difference is flagged with its likely cause), and the month's energy per band (band rollups).
 * Manually read meters (no gateway) may have their start and end typed in, with a reason (audited).
 */
export const MONTH_PATTERN = /^(19|20|21)\d\d-(0[1-9]|1[0-2])$/;
export const MONTH_MESSAGE = 'Enter a month as YYYY-MM';
export const monthKey = () => z.string({ error: MONTH_MESSAGE }).regex(MONTH_PATTERN, MONTH_MESSAGE);

export const monthRegisterQuerySchema = z.object({
  month: monthKey(),
  /** A department and every department below it; all meters of the tree when left out. */
  departmentId: z.coerce.number().int().positive().optional(),
});
export type MonthRegisterQuery = z.infer<typeof monthRegisterQuerySchema>;

export const MONTH_REGISTER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const monthRegisterExportQuerySchema = monthRegisterQuerySchema.extend({
  format: z.enum(MONTH_REGISTER_EXPORT_FORMATS),
  lang: z.enum(['en', 'zh', 'es']).default('en'),
});

export const REGISTER_ORDER_MESSAGE = 'The end register must not be below the start register';
export const REASON_MESSAGE = 'Give the reason for typing the registers in';
export const NEGATIVE_REGISTER_MESSAGE = 'A register cannot be negative';

/** Registers as the meter shows them (secondary units, before CT × PT). */
const register = () =>
  z
    .number({ error: 'Enter the register as a number, or leave it empty' })
    .min(0, NEGATIVE_REGISTER_MESSAGE)
    .max(9_007_199_254_740, 'This register is too large')
    .nullable();

/** PUT /api/month-registers: typed registers of a manually read meter (band `total`; null = not typed, use the readings). */
export const monthRegisterEditSchema = z
  .object({
    meterId: z.number({ error: 'Choose a meter' }).int().positive('Choose a meter'),
    month: monthKey(),
    band: z.literal('total', { error: 'Only the total register can be typed in' }).default('total'),
    startRegister: register(),
    endRegister: register(),
    reason: text({ error: REASON_MESSAGE }).trim().min(1, REASON_MESSAGE).max(200, 'The reason is too long (200 characters at most)'),
  })
  .superRefine((value, context) => {
    if (value.startRegister !== null && value.endRegister !== null && value.endRegister < value.startRegister)
      context.addIssue({ code: 'custom', path: ['endRegister'], message: REGISTER_ORDER_MESSAGE });
  });
export type MonthRegisterEdit = z.infer<typeof monthRegisterEditSchema>;

/** Why register energy and rollup energy may differ (or a register is missing). */
export const MONTH_REGISTER_NOTES = [
  /** a replacement was recorded within the month: the registers belong to two meters */
  'replacement',
  /** a step of the month was held in quarantine, discarded or corrected */
  'quarantine',
  /** the register wrapped past its maximum within the month (counted) */
  'rollover',
  /** the register went back within the month (a reset or an unrecorded swap) */
  'reset',
  /** no reading at or before the month's start: the first reading within the month is used */
  'lateStart',
  /** no register reading for the month at all */
  'noReadings',
  /** part of the month's energy is estimated (completed gaps) */
  'estimated',
] as const;
export type MonthRegisterNote = (typeof MONTH_REGISTER_NOTES)[number];

/** Where a register on the record comes from. */
export type RegisterSource = 'reading' | 'typed' | 'previousMonth';

export interface MonthRegisterBand {
  band: BandType;
  energy: number;
  estimated: number;
}

export interface MonthRegisterTyped {
  startRegister: number | null;
  endRegister: number | null;
  reason: string;
  editedBy: string | null;
  editedAt: number;
}

export interface MonthRegisterRow {
  meterId: number;
  code: string;
  name: string;
  departmentId: number | null;
  departmentName: string | null;
  energyType: string;
  unit: string;
  ctRatio: number;
  ptRatio: number;
  /** CT × PT */
  multiplier: number;
  /** read by hand (no gateway): the registers may be typed in */
  manual: boolean;
  startRegister: number | null;
  /** the reading's time; null when typed or carried */
  startAt: number | null;
  startSource: RegisterSource | null;
  endRegister: number | null;
  endAt: number | null;
  endSource: RegisterSource | null;
  /** (end − start) × multiplier, a rollover counted; null without both registers */
  registerEnergy: number | null;
  /** the month's energy rollup of the meter */
  rollupEnergy: number;
  /** its estimated part (completed gaps) */
  estimatedEnergy: number;
  /** registerEnergy − rollupEnergy */
  difference: number | null;
  /** the two differ by more than rounding */
  mismatch: boolean;
  notes: MonthRegisterNote[];
  /** the month's energy per band (tariff bands), summed over tariff versions and seasons; empty when unpriced */
  bands: MonthRegisterBand[];
  /** the registers typed in for the month, when any */
  typed: MonthRegisterTyped | null;
}

export interface MonthRegisterAnswer {
  month: string;
  /** the month's first local instant and the next month's (epoch ms) */
  from: number;
  to: number;
  rows: MonthRegisterRow[];
}

export const MONTH_REGISTER_BANDS: readonly BandType[] = BAND_TYPES;
