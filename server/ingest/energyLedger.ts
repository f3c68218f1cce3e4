import type { Selectable } from 'kysely';
import type { EnergyIntervalsTable, EnergyRollupsTable, RollupGrain, RollupScope } from '../db/schema';
import { localPeriods, type LocalPeriods } from '../metering/calendar';
import { spreadEnergy } from '../metering/spreadEnergy';
import type { MeterEntry } from './meterDirectory';

export type IntervalRow = Selectable<EnergyIntervalsTable>;
export type RollupRow = Selectable<EnergyRollupsTable>;

/**
 * Sums one batch's energy by interval and by rollup key in memory, so the transaction writes one
 * upsert per distinct key instead of one per reading: what makes rollups-on-ingest affordable.
 */
export class EnergyLedger {
  private readonly intervalRows = new Map<string, IntervalRow>();
  private readonly rollupRows = new Map<string, RollupRow>();
  /** Intl time-zone formatting is the costliest step per reading; a batch shares few interval starts. */
  private readonly periodsByStart = new Map<number, LocalPeriods>();

  constructor(private readonly timeZone: string) {}

  /** Energy measured by `meter` between two instants, spread over 15-minute intervals. */
  add(meter: MeterEntry, from: number, to: number, energy: number): void {
    for (const part of spreadEnergy(from, to, energy)) {
      const key = `${meter.id}:${part.start}`;
      const interval = this.intervalRows.get(key);
      if (interval) interval.energy += part.energy;
      else this.intervalRows.set(key, { meter_id: meter.id, start: part.start, energy: part.energy });

      let periods = this.periodsByStart.get(part.start);
      if (!periods) {
        periods = localPeriods(part.start, this.timeZone);
        this.periodsByStart.set(part.start, periods);
      }
      const scopes: [RollupScope, number][] = [['meter', meter.id], ...meter.departmentIds.map((id): [RollupScope, number] => ['department', id])];
      if (meter.subitemId !== null) scopes.push(['subitem', meter.subitemId]);
      for (const [scope, scopeId] of scopes) {
        this.addRollup(scope, scopeId, meter.energyType, 'hour', String(periods.hourStart), part.energy);
        this.addRollup(scope, scopeId, meter.energyType, 'day', periods.day, part.energy);
        this.addRollup(scope, scopeId, meter.energyType, 'month', periods.month, part.energy);
      }
    }
  }

  get intervals(): IntervalRow[] {
    return [...this.intervalRows.values()];
  }

  get rollups(): RollupRow[] {
    return [...this.rollupRows.values()];
  }

  private addRollup(scope: RollupScope, scopeId: number, energyType: string, grain: RollupGrain, period: string, energy: number): void {
    const key = `${scope}:${scopeId}:${energyType}:${grain}:${period}`;
    const row = this.rollupRows.get(key);
    if (row) row.energy += energy;
    else this.rollupRows.set(key, { scope, scope_id: scopeId, energy_type: energyType, grain, period, energy });
  }
}
