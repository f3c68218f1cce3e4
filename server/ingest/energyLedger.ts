import type { Selectable } from 'kysely';
import type { EnergyIntervalsTable, EnergyRollupsTable, RollupGrain, RollupScope } from '../db/schema';
import { localPeriods, type LocalPeriods } from '../metering/calendar';
import { spreadEnergy } from '../metering/spreadEnergy';
import { BandRowSet, meterSlotEnergy, type BandRollupRow } from '../tariffs/bandLedger';
import type { TariffBook } from '../tariffs/tariffBook';
import type { MeterEntry } from './meterDirectory';

export type IntervalRow = Selectable<EnergyIntervalsTable>;
export type RollupRow = Selectable<EnergyRollupsTable>;

interface MeterIntervals {
  meter: MeterEntry;
  /** interval start → energy */
  energyByStart: Map<number, number>;
  /** interval start → the part of its energy that is estimated (completed gaps), when any */
  estimatedByStart?: Map<number, number>;
}

/**
 * Sums one batch's energy by 15-minute interval in memory, so the transaction writes one upsert per
 * distinct key instead of one per reading: what makes rollups-on-ingest affordable.
 *
 * Rollups are derived once from the summed intervals (interval → meter hour → meter day/month → every
 * scope the meter counts towards), not per reading: a batch of 1-minute readings shares each interval
 * fifteen times and each hour sixty times, so the fan-out to departments runs per hour, not per reading.
 */
export class EnergyLedger {
  private readonly byMeter = new Map<number, MeterIntervals>();
  /** Intl time-zone formatting is the costliest step per key; a batch shares few interval starts. */
  private readonly periodsByStart = new Map<number, LocalPeriods>();

  constructor(
    readonly timeZone: string,
    /**
     * Prices the energy of meters with a tariff (`MeterEntry.tariffId`) into band rollups. Without one, the
     * store loads the current book in its transaction when the ledger holds a priced meter (corrections).
     */
    readonly book: TariffBook | null = null,
  ) {}

  /**
   * Energy measured by `meter` between two instants, spread over 15-minute intervals. `estimated`: the energy
   * is an estimate (a completed gap), counted in the band rollups' `estimated` part too. Negative energy takes
   * energy out again (an estimate replaced, a correction).
   */
  add(meter: MeterEntry, from: number, to: number, energy: number, estimated = false): void {
    let entry = this.byMeter.get(meter.id);
    if (!entry) {
      entry = { meter, energyByStart: new Map() };
      this.byMeter.set(meter.id, entry);
    }
    for (const part of spreadEnergy(from, to, energy)) {
      entry.energyByStart.set(part.start, (entry.energyByStart.get(part.start) ?? 0) + part.energy);
      if (estimated) {
        entry.estimatedByStart ??= new Map();
        entry.estimatedByStart.set(part.start, (entry.estimatedByStart.get(part.start) ?? 0) + part.energy);
      }
    }
  }

  /** Whether any meter of the ledger has a tariff: only then are there band rows to write. */
  get hasPricedMeters(): boolean {
    for (const { meter } of this.byMeter.values()) if (meter.tariffId !== null) return true;
    return false;
  }

  /**
   * The band rollup rows of the ledger's priced meters (hour/day/month × meter, its departments and sub-item,
   * per version, season and band), with the estimated part; same scopes as `rollups`.
   */
  bandRollups(book: TariffBook): BandRollupRow[] {
    const rows = new BandRowSet();
    const periodsOf = (instant: number) => this.periodsOf(instant);
    for (const { meter, energyByStart, estimatedByStart } of this.byMeter.values()) {
      if (meter.tariffId === null) continue;
      const parts = meterSlotEnergy(meter.tariffId, energyByStart, estimatedByStart, book, periodsOf);
      rows.addToScopes({ meterId: meter.id, energyType: meter.energyType, departmentIds: meter.departmentIds, subitemId: meter.subitemId }, parts);
    }
    return rows.values();
  }

  get intervals(): IntervalRow[] {
    const rows: IntervalRow[] = [];
    for (const [meterId, { energyByStart }] of this.byMeter) {
      for (const [start, energy] of energyByStart) rows.push({ meter_id: meterId, start, energy });
    }
    return rows;
  }

  get rollups(): RollupRow[] {
    const rows = new Map<string, RollupRow>();
    const add = (scope: RollupScope, scopeId: number, energyType: string, grain: RollupGrain, period: string, energy: number) => {
      const key = `${scope}:${scopeId}:${energyType}:${grain}:${period}`;
      const row = rows.get(key);
      if (row) row.energy += energy;
      else rows.set(key, { scope, scope_id: scopeId, energy_type: energyType, grain, period, energy });
    };
    for (const { meter, energyByStart } of this.byMeter.values()) {
      // The meter's own sums per period first; then each sum goes once to every scope.
      const perGrain: Record<RollupGrain, Map<string, number>> = { hour: new Map(), day: new Map(), month: new Map() };
      for (const [start, energy] of energyByStart) {
        const periods = this.periodsOf(start);
        for (const [grain, period] of [
          ['hour', String(periods.hourStart)],
          ['day', periods.day],
          ['month', periods.month],
        ] as const) {
          perGrain[grain].set(period, (perGrain[grain].get(period) ?? 0) + energy);
        }
      }
      const scopes: [RollupScope, number][] = [['meter', meter.id], ...meter.departmentIds.map((id): [RollupScope, number] => ['department', id])];
      if (meter.subitemId !== null) scopes.push(['subitem', meter.subitemId]);
      for (const grain of ['hour', 'day', 'month'] as const) {
        for (const [period, energy] of perGrain[grain]) {
          for (const [scope, scopeId] of scopes) add(scope, scopeId, meter.energyType, grain, period, energy);
        }
      }
    }
    return [...rows.values()];
  }

  private periodsOf(start: number): LocalPeriods {
    let periods = this.periodsByStart.get(start);
    if (!periods) {
      periods = localPeriods(start, this.timeZone);
      this.periodsByStart.set(start, periods);
    }
    return periods;
  }
}
