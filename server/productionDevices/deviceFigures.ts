import type { Kysely } from 'kysely';
import {
  DEVICE_DAYS_MAX,
  type DeviceDayAnswer,
  type DeviceDaySummary,
  type DeviceDaysAnswer,
  type DeviceHead,
  type DeviceOverview,
} from '@shared/productionDevices/api';
import { dayFigures, energyPerUnit, timeline, type DeviceSlot } from '@shared/productionDevices/deviceStates';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import { INTERVAL_MS } from '../metering/spreadEnergy';
import { addDays, daysBetween, localDay, wallTime } from '../shifts/shiftClock';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

/** A local day's window [from, to) in TIME_ZONE (23 or 25 hours on a clock-change day). */
const dayWindow = (day: string, timeZone: string) => ({ from: wallTime(day, 0, timeZone), to: wallTime(addDays(day, 1), 0, timeZone) });

async function heads(db: Kysely<Database>, ids: readonly number[] | null, scope: OwnerScope | null): Promise<DeviceHead[]> {
  let query = db
    .selectFrom('production_devices as d')
    .leftJoin('product_lines as l', 'l.id', 'd.line_id')
    .select(['d.id', 'd.code', 'd.name', 'd.line_id', 'l.name as line_name', 'd.rated_power_kw', 'd.run_threshold_kw', 'd.off_threshold_kw'])
    .orderBy('d.code')
    .orderBy('d.id');
  if (ids) query = query.where('d.id', 'in', ids.length ? [...ids] : [-1]);
  const owners = scope ? ownerIds(scope) : null;
  if (owners) query = query.where('d.owner_user_id', 'in', owners);
  const rows = await query.execute();
  const links = rows.length
    ? await db
        .selectFrom('production_device_meters')
        .select(['device_id', 'meter_id'])
        .where(
          'device_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('meter_id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    lineId: row.line_id,
    lineName: row.line_name ?? null,
    ratedPowerKw: Number(row.rated_power_kw),
    runThresholdKw: Number(row.run_threshold_kw),
    offThresholdKw: Number(row.off_threshold_kw),
    meterIds: links.filter((link) => link.device_id === row.id).map((link) => link.meter_id),
  }));
}

/** Energy per meter and interval start over [from, to). */
async function intervalsOf(db: Kysely<Database>, meterIds: readonly number[], from: number, to: number): Promise<Map<number, Map<number, number>>> {
  const byStart = new Map<number, Map<number, number>>();
  if (meterIds.length === 0) return byStart;
  const rows = await db
    .selectFrom('energy_intervals')
    .select(['meter_id', 'start', 'energy'])
    .where('meter_id', 'in', [...meterIds])
    .where('start', '>=', from)
    .where('start', '<', to)
    .execute();
  for (const row of rows) {
    const start = Number(row.start);
    let meters = byStart.get(start);
    if (!meters) byStart.set(start, (meters = new Map()));
    meters.set(row.meter_id, Number(row.energy));
  }
  return byStart;
}

/**
 * The device's slots of [from, to): every quarter hour, summed over its meters (null unless each stored it). Only
 * quarters that have ended by `now` count: today's later hours are not "no data", they have not happened.
 */
function slotsOf(device: DeviceHead, intervals: Map<number, Map<number, number>>, from: number, to: number, now: number): DeviceSlot[] {
  const slots: DeviceSlot[] = [];
  for (let start = from; start < to && start + INTERVAL_MS <= now; start += INTERVAL_MS) {
    const meters = intervals.get(start);
    let sum = 0;
    let stored = 0;
    for (const meterId of device.meterIds) {
      const energy = meters?.get(meterId);
      if (energy === undefined) continue;
      sum += energy;
      stored += 1;
    }
    const complete = device.meterIds.length > 0 && stored === device.meterIds.length;
    slots.push(complete ? { start, energy: sum } : { start, energy: null, partialEnergy: sum });
  }
  return slots;
}

/**
 * Standard output per line and local day: Σ quantity × the product's standard coefficient over the day's records
 * (whole-day and per-shift records alike: each is output that was made), read straight from product_records.
 */
async function standardOutput(db: Kysely<Database>, lineIds: readonly number[], fromDay: string, toDay: string): Promise<Map<string, number>> {
  const output = new Map<string, number>();
  if (lineIds.length === 0) return output;
  const rows = await db
    .selectFrom('product_records as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['r.line_id', 'r.day', 'r.quantity', 'p.standard_coefficient'])
    .where('r.line_id', 'in', [...lineIds])
    .where('r.day', '>=', fromDay)
    .where('r.day', '<=', toDay)
    .execute();
  for (const row of rows) {
    const key = `${row.line_id}:${row.day}`;
    output.set(key, (output.get(key) ?? 0) + Number(row.quantity) * Number(row.standard_coefficient));
  }
  return output;
}

function summary(device: DeviceHead, day: string, slots: DeviceSlot[], output: Map<string, number>): DeviceDaySummary {
  const figures = dayFigures(slots, { runThresholdKw: device.runThresholdKw, offThresholdKw: device.offThresholdKw });
  const made = device.lineId === null ? null : (output.get(`${device.lineId}:${day}`) ?? null);
  return { day, ...figures, standardOutput: made, energyPerUnit: energyPerUnit(figures.energy.total, made) };
}

export class DeviceFigures {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {}

  async head(id: number): Promise<DeviceHead> {
    const [device] = await heads(this.db, [id], null);
    // The route checked the id against the caller's tree; a row deleted meanwhile is simply gone.
    if (!device) throw validationError([{ field: 'id', rule: 'exists', message: `production device ${id} does not exist` }]);
    return device;
  }

  /** One day of one device: figures by state, energy per running hour and per unit, and the state timeline. */
  async day(id: number, day: string, now: number): Promise<DeviceDayAnswer> {
    const device = await this.head(id);
    const { from, to } = dayWindow(day, this.timeZone);
    const slots = slotsOf(device, await intervalsOf(this.db, device.meterIds, from, to), from, to, now);
    const output = await standardOutput(this.db, device.lineId === null ? [] : [device.lineId], day, day);
    const thresholds = { runThresholdKw: device.runThresholdKw, offThresholdKw: device.offThresholdKw };
    return { device, dayStart: from, dayEnd: to, ...summary(device, day, slots, output), timeline: timeline(slots, thresholds, INTERVAL_MS) };
  }

  /** Every local day of [from, to] (at most DEVICE_DAYS_MAX), oldest first. */
  async days(id: number, fromDay: string, toDay: string, now: number): Promise<DeviceDaysAnswer> {
    const days = daysBetween(fromDay, toDay);
    if (days.length > DEVICE_DAYS_MAX) throw validationError([{ field: 'to', rule: 'range', message: `At most ${DEVICE_DAYS_MAX} days can be shown at once` }]);
    const device = await this.head(id);
    const intervals = await intervalsOf(this.db, device.meterIds, dayWindow(fromDay, this.timeZone).from, dayWindow(toDay, this.timeZone).to);
    const output = await standardOutput(this.db, device.lineId === null ? [] : [device.lineId], fromDay, toDay);
    return {
      device,
      days: days.map((day) => {
        const { from, to } = dayWindow(day, this.timeZone);
        return summary(device, day, slotsOf(device, intervals, from, to, now), output);
      }),
    };
  }

  /** Every device of the caller's tree on one day (default: today), with the totals a wall shows. */
  async overview(scope: OwnerScope, day: string | undefined, now: number): Promise<DeviceOverview> {
    const onDay = day ?? localDay(now, this.timeZone);
    const devices = await heads(this.db, null, scope);
    const { from, to } = dayWindow(onDay, this.timeZone);
    const intervals = await intervalsOf(this.db, [...new Set(devices.flatMap((device) => device.meterIds))], from, to);
    const lineIds = [...new Set(devices.flatMap((device) => (device.lineId === null ? [] : [device.lineId])))];
    const output = await standardOutput(this.db, lineIds, onDay, onDay);
    const rows = devices.map((device) => ({
      id: device.id,
      code: device.code,
      name: device.name,
      lineName: device.lineName,
      ...summary(device, onDay, slotsOf(device, intervals, from, to, now), output),
    }));
    return {
      day: onDay,
      computedAt: now,
      devices: rows,
      totals: {
        energy: rows.reduce((sum, row) => sum + row.energy.total, 0),
        idleEnergy: rows.reduce((sum, row) => sum + row.energy.idle, 0),
        runningHours: rows.reduce((sum, row) => sum + row.hours.running, 0),
        idleHours: rows.reduce((sum, row) => sum + row.hours.idle, 0),
      },
    };
  }
}
