import type { Kysely } from 'kysely';
import {
  bpToPercent,
  COMPARISON_MAX_DAYS,
  comparePeriods,
  comparisonTotals,
  type ComparisonAnswer,
  type ComparisonGrain,
  type ComparisonObjectType,
  type ComparisonPeriod,
} from '@shared/powerComparison';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import { daysBetween } from '../shifts/shiftClock';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { objectInScope } from './comparisonObjects';
import { importedSpans } from './importedRows';
import { meteredByPeriod } from './meteredEnergy';
import { periodWindows } from './periodWindows';
import { ComparisonTolerances } from './tolerances';

export interface ComparisonRequest {
  objectType: ComparisonObjectType;
  objectId: number;
  grain: ComparisonGrain;
  from: string;
  to: string;
}

/**
 * Imported against metered for one meter or department of the caller's tree, period by period: imported rows split
 * pro rata by time over the periods, metered from the rollups, judged against the object's tolerance.
 */
export async function compareObject(db: Kysely<Database>, scope: OwnerScope, request: ComparisonRequest, timeZone: string): Promise<ComparisonAnswer> {
  if (request.to < request.from) throw validationError([{ field: 'to', rule: 'custom', message: 'to must not be before from' }]);
  const max = COMPARISON_MAX_DAYS[request.grain];
  if (daysBetween(request.from, request.to).length > max)
    throw validationError([{ field: 'to', rule: 'custom', message: `At most ${max} days at ${request.grain} grain` }]);
  const object = await objectInScope(db, scope, request.objectType, request.objectId);
  const tolerance = await new ComparisonTolerances(db).effective(object.type, object.id);
  const { periods, totals } = await comparedPeriods(
    db,
    object.type,
    object.id,
    request.grain,
    request.from,
    request.to,
    tolerance.bp,
    timeZone,
    ownerIds(scope),
  );
  const { ownerUserId: _owner, ...named } = object;
  void _owner;
  return {
    object: named,
    grain: request.grain,
    unit: 'kWh',
    timeZone,
    tolerancePercent: bpToPercent(tolerance.bp),
    toleranceSource: tolerance.source,
    periods,
    totals,
  };
}

/** The periods and totals of one object (the reader and the sweep share it). */
export async function comparedPeriods(
  db: Kysely<Database>,
  type: ComparisonObjectType,
  id: number,
  grain: ComparisonGrain,
  from: string,
  to: string,
  toleranceBp: number,
  timeZone: string,
  owners: readonly number[] | null,
): Promise<{ periods: ComparisonPeriod[]; totals: ComparisonAnswer['totals'] }> {
  const windows = periodWindows(grain, from, to, timeZone);
  if (windows.length === 0) return { periods: [], totals: comparisonTotals([]) };
  const first = windows[0]!;
  const last = windows[windows.length - 1]!;
  const [metered, rows] = await Promise.all([
    meteredByPeriod(db, type, id, grain, first.period, last.period),
    importedSpans(db, type, id, first.from, last.to, owners),
  ]);
  const labels = new Map(windows.map((window) => [window.period, window.label]));
  const compared = comparePeriods(windows, rows, metered, toleranceBp);
  const periods = compared.map((period) => ({
    period: period.period,
    label: labels.get(period.period) ?? period.period,
    from: period.from,
    to: period.to,
    imported: period.imported,
    metered: period.metered,
    difference: period.difference,
    percent: period.percent,
    coverage: period.coverage,
    judged: period.judged,
    flagged: period.flagged,
  }));
  return { periods, totals: comparisonTotals(compared) };
}
