/**
 * Imported power and fuel data: the kinds, units, fuels, interval lengths, date formats and row-error reasons the
 * upload → mapping → preview → import pipeline speaks. Pure data, shared by the server and the console.
 */

/** What a file holds: metered-elsewhere power (e.g. the utility's figures) or fuel deliveries/consumption. */
export const IMPORT_KINDS = ['power', 'fuel'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const POWER_UNITS = ['kWh', 'MWh', 'Wh'] as const;
export type PowerUnit = (typeof POWER_UNITS)[number];
/** kWh per unit: exact powers of ten, applied without rounding. */
export const KWH_PER_POWER_UNIT: Record<PowerUnit, number> = { kWh: 1, MWh: 1000, Wh: 0.001 };

export const FUELS = ['diesel', 'fuel_oil', 'hydrogen'] as const;
export type FuelKind = (typeof FUELS)[number];

/** Fuel units: tonnes, litres, kilograms, normal cubic metres (0 °C, 101.325 kPa). */
export const FUEL_UNITS = ['t', 'L', 'kg', 'Nm3'] as const;
export type FuelUnit = (typeof FUEL_UNITS)[number];
/** Which units each fuel may be given in: liquids by mass or volume, hydrogen by mass or normal volume. */
export const UNITS_OF_FUEL: Record<FuelKind, readonly FuelUnit[]> = {
  diesel: ['t', 'kg', 'L'],
  fuel_oil: ['t', 'kg', 'L'],
  hydrogen: ['kg', 'Nm3'],
};

/** Objects an imported value belongs to. */
export const IMPORT_OBJECT_KINDS = ['meter', 'department'] as const;
export type ImportObjectKind = (typeof IMPORT_OBJECT_KINDS)[number];

/** A fixed period length when the file has only a start column; month = the calendar month in the file's zone. */
export const IMPORT_INTERVALS = ['15min', 'hour', 'day', 'month'] as const;
export type ImportInterval = (typeof IMPORT_INTERVALS)[number];

/**
 * How the period cells are written. `iso`: ISO 8601 (an offset or Z wins over the file's zone);
 * `YYYY-MM-DD HH:mm` and `DD/MM/YYYY HH:mm`: seconds optional, a date alone means midnight (`/`, `-` or `.` between
 * the date parts); `excel`: Excel date cells or serial day numbers (1900 system). All but an explicit offset are
 * read as wall time in the mapping's time zone.
 */
export const IMPORT_DATE_FORMATS = ['iso', 'YYYY-MM-DD HH:mm', 'DD/MM/YYYY HH:mm', 'excel'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

export const IMPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFileFormat = (typeof IMPORT_FILE_FORMATS)[number];

/** Largest upload accepted (bytes); a bigger file is refused with 41300 before it is stored. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows one file may hold. */
export const IMPORT_MAX_ROWS = 200_000;
/** How long an upload is kept for the mapping, preview and import steps. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Rows the inspection shows per sheet, and normalised rows a preview returns. */
export const INSPECT_SAMPLE_ROWS = 10;
export const PREVIEW_SAMPLE_ROWS = 20;
/** Row errors a preview returns (the counts cover all of them). */
export const PREVIEW_MAX_ERRORS = 500;

/** Why a row was not imported. */
export const IMPORT_ROW_ERROR_REASONS = [
  /** a required cell is empty */
  'missingValue',
  /** the meter or department code is not one of the caller's tree */
  'unknownObject',
  /** the value is not a number */
  'badNumber',
  /** the value is below zero */
  'negative',
  /** a period cell does not read in the mapping's date format (or names a wall time the zone skips) */
  'badDate',
  /** the period end is not after its start */
  'endBeforeStart',
  /** the fuel cell is not one of FUELS, or the unit does not suit the fuel */
  'badFuel',
  'badUnit',
  /** another row of the file has an overlapping period for the same object (and fuel) */
  'duplicateInFile',
  /** an earlier, not undone batch already holds an overlapping period for the object (and fuel) */
  'overlapsImported',
] as const;
export type ImportRowErrorReason = (typeof IMPORT_ROW_ERROR_REASONS)[number];

/** queued → running → done | failed; a done batch may be undone (its rows deleted, the batch kept). */
export const IMPORT_BATCH_STATES = ['queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportBatchState = (typeof IMPORT_BATCH_STATES)[number];

/** The console screens (menu permissions) and their buttons. */
export const POWER_IMPORT_SCREEN = '/power-comparison/power-data-import';
export const FUEL_IMPORT_SCREEN = '/power-comparison/oil-hydrogen-data-import';
