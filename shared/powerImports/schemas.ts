import { z } from 'zod';
import { isoDate } from '../resources/rules';
import { multilineText, text } from '../schemas/text';
import { FUEL_UNITS, FUELS, IMPORT_BATCH_STATES, IMPORT_DATE_FORMATS, IMPORT_INTERVALS, IMPORT_OBJECT_KINDS, POWER_UNITS, UNITS_OF_FUEL } from './constants';

/** Whether the runtime knows the IANA zone (Intl refuses unknown names with a RangeError). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A column of the sheet by its 0-based position (headers may be blank or repeated). */
const column = z.number({ error: 'Choose a column' }).int().min(0).max(999);

export const timeZoneSchema = z.string().refine(isTimeZone, 'is not an IANA time zone (e.g. Asia/Shanghai)');

/** Where each row's period ends: a column of its own, or a fixed length after the start. */
export const periodEndSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('column'), column }),
  z.object({ kind: z.literal('interval'), interval: z.enum(IMPORT_INTERVALS) }),
]);

/** Which object a row belongs to: a column holding meter or department codes, or one fixed object for the file. */
export const importObjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('column'), column, objectKind: z.enum(IMPORT_OBJECT_KINDS) }),
  z.object({ kind: z.literal('fixed'), objectKind: z.enum(IMPORT_OBJECT_KINDS), objectId: z.number().int().positive() }),
]);

const mappingBase = {
  /** the XLSX sheet by name; ignored for CSV, the first sheet when omitted */
  sheet: text().max(200).optional(),
  /** the 1-based row holding the headers; data starts below it */
  headerRow: z.number().int().min(1).max(50).default(1),
  periodStart: column,
  periodEnd: periodEndSchema,
  value: column,
  object: importObjectSchema,
  timeZone: timeZoneSchema,
  dateFormat: z.enum(IMPORT_DATE_FORMATS),
};

export const powerMappingSchema = z.object({ ...mappingBase, unit: z.enum(POWER_UNITS) });

/** The fuel of a fuel file's rows: a column (cells: diesel, fuel_oil, hydrogen, or their usual names) or fixed. */
export const fuelChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('column'), column }),
  z.object({ kind: z.literal('fixed'), fuel: z.enum(FUELS) }),
]);
/** The unit: a column (cells t, L, kg, Nm3, case-insensitive) or fixed. */
export const fuelUnitChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('column'), column }),
  z.object({ kind: z.literal('fixed'), unit: z.enum(FUEL_UNITS) }),
]);

export const fuelMappingSchema = z.object({ ...mappingBase, fuel: fuelChoiceSchema, unit: fuelUnitChoiceSchema }).superRefine((mapping, context) => {
  if (mapping.fuel.kind === 'fixed' && mapping.unit.kind === 'fixed' && !UNITS_OF_FUEL[mapping.fuel.fuel].includes(mapping.unit.unit)) {
    context.addIssue({ code: 'custom', path: ['unit', 'unit'], message: `${mapping.fuel.fuel} is given in ${UNITS_OF_FUEL[mapping.fuel.fuel].join(', ')}` });
  }
});

const uploadId = z.number({ error: 'Upload a file first' }).int().positive();

/** POST …/preview and POST …/batches (power). */
export const powerImportRequestSchema = z.object({ uploadId, mapping: powerMappingSchema });
/** POST …/preview and POST …/batches (fuel). */
export const fuelImportRequestSchema = z.object({ uploadId, mapping: fuelMappingSchema });

/** GET …/batches */
export const importBatchListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(IMPORT_BATCH_STATES).optional(),
});

/** GET …/batches/:id/errors and …/batches/:id/rows */
export const importPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
});

/** GET /api/fuel-imports/summary: rows whose period starts in [from, to) local days (to inclusive as a day). */
export const fuelSummaryQuerySchema = z
  .object({
    from: isoDate(),
    to: isoDate(),
    fuel: z.enum(FUELS).optional(),
    objectKind: z.enum(IMPORT_OBJECT_KINDS).optional(),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'must not be before from' });

/** POST/PUT /api/fuel-factors: a tree's own factor version, valid from a local day until its next version. */
export const fuelFactorBodySchema = z
  .object({
    fuel: z.enum(FUELS),
    validFrom: isoDate(),
    ncvMjPerKg: z.number().gt(0).max(200),
    kgcePerKg: z.number().gt(0).max(10),
    co2KgPerKg: z.number().min(0).max(10),
    densityKgPerL: z.number().gt(0).max(2).nullable().default(null),
    densityKgPerNm3: z.number().gt(0).max(5).nullable().default(null),
    source: text().max(200).default(''),
    note: multilineText().max(500).default(''),
  })
  .superRefine((body, context) => {
    if (body.fuel === 'hydrogen' && body.densityKgPerNm3 === null)
      context.addIssue({ code: 'custom', path: ['densityKgPerNm3'], message: 'hydrogen needs its density per Nm³' });
    if (body.fuel !== 'hydrogen' && body.densityKgPerL === null)
      context.addIssue({ code: 'custom', path: ['densityKgPerL'], message: 'a liquid fuel needs its density per litre' });
  });

export type PowerMapping = z.infer<typeof powerMappingSchema>;
export type FuelMapping = z.infer<typeof fuelMappingSchema>;
export type ImportMapping = PowerMapping | FuelMapping;
export type PowerImportRequest = z.infer<typeof powerImportRequestSchema>;
export type FuelImportRequest = z.infer<typeof fuelImportRequestSchema>;
export type ImportBatchListQuery = z.infer<typeof importBatchListQuerySchema>;
export type ImportPageQuery = z.infer<typeof importPageQuerySchema>;
export type FuelSummaryQuery = z.infer<typeof fuelSummaryQuerySchema>;
export type FuelFactorBody = z.infer<typeof fuelFactorBodySchema>;
/** What the console sends (defaults may be left out). */
export type PowerMappingInput = z.input<typeof powerMappingSchema>;
export type FuelMappingInput = z.input<typeof fuelMappingSchema>;
export type FuelFactorInput = z.input<typeof fuelFactorBodySchema>;
