import type { Kysely } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type { Database } from '../../db/schema';
import type { DbKind } from '../../db/connect';
import type { ReportGrain, ReportMetric, ReportObjectKind } from '@shared/reports/constants';
import type { BandType } from '@shared/tariffs';
import type { AlarmKind } from '@shared/schemas/alarms';
import type { ShipFuel } from '@shared/ships/fuels';

/** What a report is computed against: the storage, the caller's trees and the time zone days and months are counted in. */
export interface ReportContext {
  db: Kysely<Database>;
  dbKind: DbKind;
  /** the raw SQLite connection when the engine is SQLite (fast read paths), else undefined */
  sqlite?: SqliteDatabase.Database | undefined;
  /** owner user ids whose objects the report may read; 'all' for an administrator */
  owners: readonly number[] | 'all';
  timeZone: string;
}

/** One object a report row (or column group) stands for, resolved in the caller's tree. */
export interface ReportObject {
  kind: ReportObjectKind;
  id: number;
  code: string;
  name: string;
  /** the department a meter or room belongs to, a department's parent (grouping); null at the top and for ships */
  departmentId: number | null;
  departmentName: string;
  /** electricity | water | gas; rooms and sub-items: electricity unless their meters say otherwise; ships: 'fuel' */
  energyType: string;
  /** departments: the ids of the departments above it in the caller's tree, nearest first (a department's energy is in theirs) */
  ancestorIds?: number[];
}

/**
 * One period of a report: local days [from, to] in TIME_ZONE, and the instants they span. `key` is the period's
 * own name: hour = local start "YYYY-MM-DD HH:00", day "YYYY-MM-DD", week "YYYY-MM-DD" (its Monday), month
 * "YYYY-MM", year "YYYY"; the whole report period is key "all".
 */
export interface ReportSlot {
  key: string;
  label: string;
  from: string;
  to: string;
  /** epoch ms of the local start, and of the local end (exclusive) */
  startMs: number;
  endMs: number;
}

/** What a metric source is asked: one metric for some objects over some periods. */
export interface MetricRequest {
  metric: ReportMetric;
  objects: readonly ReportObject[];
  slots: readonly ReportSlot[];
  /** the grain of `slots` ('all' slot: the report's grain, for sources that read rollups) */
  grain: ReportGrain;
  band?: BandType | undefined;
  alarmKind?: AlarmKind | undefined;
  /** fuel / co2 of ships: this fuel type only */
  fuel?: ShipFuel | undefined;
}

/**
 * A metric's values by `cellKey(objectId, slotKey)`. Units: energy in the type's unit (kWh, m³) unscaled; demand in
 * kW; registers in kWh (m³); money in minor units, NOT rounded (fractions of a cent allowed: the table rounds once);
 * counts as integers; ships' fuel and CO₂ in tonnes, distance in nautical miles. A missing key is an empty cell.
 */
export type MetricValues = Map<string, { value: number; estimated: boolean }>;
export const cellKey = (objectId: number, slotKey: string): string => `${objectId}|${slotKey}`;

/** Reads one or more metrics. The engine asks the source that lists the metric (engine/sources/index.ts). */
export interface MetricSource {
  metrics: readonly ReportMetric[];
  read(context: ReportContext, request: MetricRequest): Promise<MetricValues>;
}
