import type { ColumnType, Generated } from 'kysely';

/** Table types of migration 0027_power_comparison; conventions as in schema.ts. */
type Id = Generated<number>;
type EpochMs = ColumnType<number, number, number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A tolerance for one meter or department, overriding the platform default (shared/powerComparison). */
export interface ComparisonTolerancesTable {
  id: Id;
  owner_user_id: number;
  /** meter | department */
  object_type: string;
  object_id: number;
  /** basis points of the metered figure: 500 = 5 % */
  tolerance_bp: number;
  updated_by: Defaulted<string>;
  updated_at: EpochMs;
}

/** A flagged object-period the sweep raised its alarm for (unique per object, grain, period). */
export interface ComparisonFindingsTable {
  id: Id;
  owner_user_id: number;
  object_type: string;
  object_id: number;
  /** day | month */
  grain: string;
  /** YYYY-MM-DD or YYYY-MM, local to TIME_ZONE */
  period: string;
  batch_id: number;
  imported: number;
  metered: number;
  tolerance_bp: number;
  alarm_id: number | null;
  found_at: EpochMs;
}

/** Which process sweeps now (one row per sweep name; a lease that ran out may be taken over). */
export interface ComparisonSweepLeaseTable {
  name: string;
  holder: string;
  lease_until: EpochMs;
}

export interface PowerComparisonTables {
  comparison_tolerances: ComparisonTolerancesTable;
  comparison_findings: ComparisonFindingsTable;
  comparison_sweep_lease: ComparisonSweepLeaseTable;
}
