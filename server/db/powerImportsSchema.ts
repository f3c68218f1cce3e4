import type { ColumnType, Generated } from 'kysely';

/** Table types of migration 0026_power_imports; conventions as in schema.ts. */
type Id = Generated<number>;
type EpochMs = ColumnType<number, number, number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** An uploaded CSV/XLSX kept until `expires_at`, so inspect, preview and import name it by id. */
export interface ImportUploadsTable {
  id: Id;
  owner_user_id: number;
  /** ImportKind: power | fuel */
  kind: string;
  file_name: string;
  /** csv | xlsx */
  format: string;
  content: Buffer;
  size_bytes: number;
  created_by: number | null;
  created_at: EpochMs;
  expires_at: EpochMs;
}

/** One import: a job (queued → running → done | failed), later possibly undone (rows deleted, batch kept). */
export interface ImportBatchesTable {
  id: Id;
  owner_user_id: number;
  /** ImportKind: power | fuel */
  kind: string;
  upload_id: number | null;
  file_name: string;
  sheet: Defaulted<string>;
  /** JSON ImportMapping */
  mapping: string;
  /** ImportBatchState: queued | running | done | failed | undone */
  state: Defaulted<string>;
  total_rows: Defaulted<number>;
  rows_done: Defaulted<number>;
  imported_rows: Defaulted<number>;
  rejected_rows: Defaulted<number>;
  /** kWh for power; for fuel the sum of quantities as given (mixed units possible, so a hint only) */
  total_value: Defaulted<number>;
  period_from: number | null;
  period_to: number | null;
  error: string | null;
  claimed_by: string | null;
  heartbeat_at: number | null;
  created_by: number | null;
  created_at: EpochMs;
  started_at: number | null;
  finished_at: number | null;
  undone_by: number | null;
  undone_by_name: string | null;
  undone_at: number | null;
  /** set by the comparison sweep once it has compared the batch; null on import */
  compared_at: number | null;
}

/** An imported power value of one object (meter or department) over [period_start, period_end), in kWh. */
export interface ImportedPowerTable {
  id: Id;
  owner_user_id: number;
  batch_id: number;
  /** meter | department */
  object_kind: string;
  object_id: number;
  period_start: EpochMs;
  period_end: EpochMs;
  kwh: number;
  source_value: number;
  /** kWh | MWh | Wh */
  source_unit: string;
  /** the file's line (1 = header) */
  line: number;
}

/** An imported fuel quantity of one object over [period_start, period_end), as the file gave it. */
export interface ImportedFuelTable {
  id: Id;
  owner_user_id: number;
  batch_id: number;
  object_kind: string;
  object_id: number;
  /** FuelKind: diesel | fuel_oil | hydrogen */
  fuel: string;
  period_start: EpochMs;
  period_end: EpochMs;
  quantity: number;
  /** FuelUnit: t | L | kg | Nm3 */
  unit: string;
  line: number;
}

/** A row a batch rejected and why. */
export interface ImportRowErrorsTable {
  id: Id;
  batch_id: number;
  line: number;
  /** ImportRowErrorReason */
  reason: string;
  column_name: Defaulted<string>;
  value: Defaulted<string>;
  detail: Defaulted<string>;
  /** for `overlapsImported`: the batch already holding the period */
  other_batch_id: number | null;
}

/** A tree's own fuel factor version, valid from a local day until the next version of the same fuel. */
export interface FuelFactorVersionsTable {
  id: Id;
  owner_user_id: number;
  fuel: string;
  valid_from: string;
  ncv_mj_per_kg: number;
  kgce_per_kg: number;
  co2_kg_per_kg: number;
  density_kg_per_l: number | null;
  density_kg_per_nm3: number | null;
  source: Defaulted<string>;
  note: Defaulted<string>;
  created_by: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface PowerImportTables {
  import_uploads: ImportUploadsTable;
  import_batches: ImportBatchesTable;
  imported_power: ImportedPowerTable;
  imported_fuel: ImportedFuelTable;
  import_row_errors: ImportRowErrorsTable;
  fuel_factor_versions: FuelFactorVersionsTable;
}
