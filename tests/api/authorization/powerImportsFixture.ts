import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

/** Tree A's imported data: a power and a fuel upload, a finished batch of each with a row (and a rejected row), a fuel factor version. */
export interface PowerImportObjects {
  powerUpload: number;
  fuelUpload: number;
  powerBatch: number;
  fuelBatch: number;
  powerRow: number;
  fuelRow: number;
  factorVersion: number;
}

/** The CSV both uploads hold: one day of tree A's meter (its code is the caller's to give). */
export const probeImportCsv = (meterCode: string) => `start,kwh,meter\n2026-01-05,12.5,${meterCode}\n`;

/** A mapping of that CSV: a day from the start column, kWh, the meter by code. */
export const PROBE_POWER_MAPPING = {
  headerRow: 1,
  periodStart: 0,
  periodEnd: { kind: 'interval', interval: 'day' },
  value: 1,
  object: { kind: 'column', column: 2, objectKind: 'meter' },
  timeZone: 'Asia/Shanghai',
  dateFormat: 'YYYY-MM-DD HH:mm',
  unit: 'kWh',
} as const;

export const PROBE_FUEL_MAPPING = {
  ...PROBE_POWER_MAPPING,
  unit: { kind: 'fixed', unit: 't' },
  fuel: { kind: 'fixed', fuel: 'diesel' },
} as const;

export const PROBE_FUEL_FACTOR = {
  fuel: 'diesel',
  validFrom: '2031-01-01',
  ncvMjPerKg: 42.652,
  kgcePerKg: 1.4571,
  co2KgPerKg: 3.0959,
  densityKgPerL: 0.84,
  densityKgPerNm3: null,
  source: 'Probe source',
  note: '',
} as const;

const id = (row: { id: number }) => Number(row.id);
const DAY = Date.UTC(2026, 0, 4, 16); // 2026-01-05 00:00 in Asia/Shanghai

export async function makePowerImportObjects(
  db: Kysely<Database>,
  owner: number,
  meter: number,
  meterCode: string,
  mark: string,
  now: number,
): Promise<PowerImportObjects> {
  const upload = async (kind: 'power' | 'fuel') =>
    id(
      await db
        .insertInto('import_uploads')
        .values({
          owner_user_id: owner,
          kind,
          file_name: `${mark}-${kind}.csv`,
          format: 'csv',
          content: Buffer.from(probeImportCsv(meterCode)),
          size_bytes: 40,
          created_by: owner,
          created_at: now,
          expires_at: now + 86_400_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const powerUpload = await upload('power');
  const fuelUpload = await upload('fuel');
  const batch = async (kind: 'power' | 'fuel', uploadId: number) =>
    id(
      await db
        .insertInto('import_batches')
        .values({
          owner_user_id: owner,
          kind,
          upload_id: uploadId,
          file_name: `${mark}-${kind}.csv`,
          mapping: JSON.stringify(kind === 'power' ? PROBE_POWER_MAPPING : PROBE_FUEL_MAPPING),
          state: 'done',
          total_rows: 2,
          rows_done: 2,
          imported_rows: 1,
          rejected_rows: 1,
          total_value: 12.5,
          period_from: DAY,
          period_to: DAY + 86_400_000,
          created_by: owner,
          created_at: now,
          started_at: now,
          finished_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const powerBatch = await batch('power', powerUpload);
  const fuelBatch = await batch('fuel', fuelUpload);
  const row = { owner_user_id: owner, object_kind: 'meter', object_id: meter, period_start: DAY, period_end: DAY + 86_400_000, line: 2 };
  const powerRow = id(
    await db
      .insertInto('imported_power')
      .values({ ...row, batch_id: powerBatch, kwh: 12.5, source_value: 12.5, source_unit: 'kWh' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const fuelRow = id(
    await db
      .insertInto('imported_fuel')
      .values({ ...row, batch_id: fuelBatch, fuel: 'diesel', quantity: 12.5, unit: 't' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  for (const batchId of [powerBatch, fuelBatch])
    await db
      .insertInto('import_row_errors')
      .values({ batch_id: batchId, line: 3, reason: 'badNumber', value: `${mark} value`, detail: `${mark} is not a number` })
      .execute();
  const factorVersion = id(
    await db
      .insertInto('fuel_factor_versions')
      .values({
        owner_user_id: owner,
        fuel: 'diesel',
        valid_from: '2030-01-01',
        ncv_mj_per_kg: 42.652,
        kgce_per_kg: 1.4571,
        co2_kg_per_kg: 3.0959,
        density_kg_per_l: 0.84,
        density_kg_per_nm3: null,
        source: `${mark} factors`,
        created_by: owner,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { powerUpload, fuelUpload, powerBatch, fuelBatch, powerRow, fuelRow, factorVersion };
}
