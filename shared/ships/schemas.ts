import { z } from 'zod';
import { multilineText, text } from '../schemas/text';
import { RULE_MESSAGES } from '../resources/rules';
import { FIRST_CII_YEAR, LAST_CII_YEAR } from './reductionFactors';

/**
 * Bodies and queries of the ships API that are not plain resources: voyages with their legs, and the CII
 * queries. The resources (ships, fuel entries, fuel meters) are in shared/resources/ships*.ts.
 */

/** IMO ship identification number: 7 digits, the 7th the last digit of Σ digitᵢ × (7 − i) over the first six. */
export function imoCheckDigitOk(imo: string): boolean {
  if (!/^\d{7}$/.test(imo)) return false;
  let sum = 0;
  for (let index = 0; index < 6; index++) sum += Number(imo[index]) * (7 - index);
  return sum % 10 === Number(imo[6]);
}

export const IMO_SHAPE_MESSAGE = 'IMO number must be 7 digits, e.g. 9074729';
export const imoCheckDigitMessage = (imo: string): string => `IMO number ${imo} fails its check digit`;

/** "IMO 9074729" and " 9074729 " are read as 9074729; anything else must be 7 digits with a right check digit. */
export const imoNumberSchema = () =>
  z
    .string({ error: RULE_MESSAGES.required })
    .trim()
    .transform((value) => value.replace(/^IMO\s*/i, ''))
    .superRefine((value, context) => {
      if (!/^\d{7}$/.test(value)) context.addIssue({ code: 'custom', message: IMO_SHAPE_MESSAGE });
      else if (!imoCheckDigitOk(value)) context.addIssue({ code: 'custom', message: imoCheckDigitMessage(value) });
    });

export const CARGO_UNITS = ['t', 'teu', 'passengers', 'units'] as const;
export type CargoUnit = (typeof CARGO_UNITS)[number];
export const LEG_CONDITIONS = ['laden', 'ballast'] as const;
export type LegCondition = (typeof LEG_CONDITIONS)[number];

export const DATE_TIME_MESSAGE = 'Give a date-time with its zone, e.g. 2024-03-02T08:00:00Z, or epoch milliseconds';
export const ARRIVAL_ORDER_MESSAGE = 'Arrival must be after the departure';

/** An instant: epoch ms, or ISO 8601 with Z or an offset (a time without a zone would mean a different instant on every ship). */
export const dateTimeSchema = () =>
  z.union([z.number(), z.string()], { error: DATE_TIME_MESSAGE }).transform((value, context) => {
    const ms =
      typeof value === 'number'
        ? value
        : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim())
          ? Date.parse(value)
          : NaN;
    // 2000-01-01 .. 2100-01-01: IMO DCS starts in 2019, and a slip of the keyboard should not pass.
    if (!Number.isInteger(ms) || ms < 946_684_800_000 || ms > 4_102_444_800_000) {
      context.addIssue({ code: 'custom', message: DATE_TIME_MESSAGE });
      return z.NEVER;
    }
    return ms;
  });

const port = () => text({ error: RULE_MESSAGES.required }).trim().min(1, RULE_MESSAGES.required).max(80, RULE_MESSAGES.tooLong);
const nonNegative = () => z.number({ error: RULE_MESSAGES.number }).min(0, 'Must not be negative');

export const voyageLegSchema = z
  .object({
    /** An existing leg of this voyage (kept, so fuel entries stay linked); none: a new leg. */
    id: z.number().int().positive().optional(),
    portFrom: port(),
    portTo: port(),
    departureAt: dateTimeSchema(),
    arrivalAt: dateTimeSchema(),
    distanceNm: nonNegative().max(30_000, 'A leg is at most 30000 nm'),
    cargo: nonNegative().default(0),
    cargoUnit: z.enum(CARGO_UNITS, { error: RULE_MESSAGES.choose }),
    condition: z.enum(LEG_CONDITIONS, { error: RULE_MESSAGES.choose }),
  })
  .superRefine((leg, context) => {
    if (leg.arrivalAt <= leg.departureAt) context.addIssue({ code: 'custom', path: ['arrivalAt'], message: ARRIVAL_ORDER_MESSAGE });
    if (leg.condition === 'ballast' && leg.cargo > 0)
      context.addIssue({ code: 'custom', path: ['cargo'], message: 'A ballast leg carries no cargo: set the cargo to 0 or mark the leg laden' });
    if (leg.condition === 'laden' && leg.cargo === 0) context.addIssue({ code: 'custom', path: ['cargo'], message: 'A laden leg needs its cargo (above 0)' });
  });
export type VoyageLegInput = z.infer<typeof voyageLegSchema>;

export const voyageBodySchema = z
  .object({
    code: text({ error: RULE_MESSAGES.required }).trim().min(1, RULE_MESSAGES.required).max(50, RULE_MESSAGES.tooLong),
    note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
    legs: z.array(voyageLegSchema).min(1, 'A voyage needs at least one leg').max(200, 'A voyage has at most 200 legs'),
  })
  .superRefine((voyage, context) => {
    const unit = voyage.legs[0]?.cargoUnit;
    voyage.legs.forEach((leg, index) => {
      if (leg.cargoUnit !== unit)
        context.addIssue({ code: 'custom', path: ['legs', index, 'cargoUnit'], message: `All legs of a voyage count cargo in one unit (leg 1: ${unit})` });
      const before = voyage.legs[index - 1];
      if (before && leg.departureAt < before.arrivalAt)
        context.addIssue({ code: 'custom', path: ['legs', index, 'departureAt'], message: `Leg ${index + 1} departs before leg ${index} arrives` });
    });
  });
export type VoyageBody = z.infer<typeof voyageBodySchema>;

const YEAR_MESSAGE = `Must be a year from ${FIRST_CII_YEAR} to ${LAST_CII_YEAR}, the years IMO has set a CII reduction factor for`;

/** ?year=2024: a UTC calendar year with a reduction factor; none: the current year. */
export const ciiQuerySchema = z.object({
  year: z.coerce.number({ error: YEAR_MESSAGE }).int(YEAR_MESSAGE).min(FIRST_CII_YEAR, YEAR_MESSAGE).max(LAST_CII_YEAR, YEAR_MESSAGE).optional(),
});

export const voyagesQuerySchema = z.object({
  /** Only voyages with a leg in this UTC year; none: every voyage. */
  year: ciiQuerySchema.shape.year,
});
