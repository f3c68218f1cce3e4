import type { Kysely } from 'kysely';
import {
  KGCE_FACTOR_SOURCE,
  KGCE_PER_KWH,
  type BandCost,
  type BaselineQuery,
  type BaselineReport,
  type LineCostReport,
  type LineSecReport,
  type LineShiftReport,
  type PeriodSec,
  type ProductSec,
  type SecQuery,
  type ShiftSecRow,
  type ShiftSecSummary,
} from '@shared/production/api';
import { MICRO_PER_MINOR, minorUnits } from '@shared/tariffs/money';
import type { Database } from '../db/schema';
import { shiftWindow } from '../shifts/shiftClock';
import type { ShiftPricing } from '../shifts/shiftEnergy';
import { checkRange, energyByDay, energyIn, lineInfo, lineIntervals, lineTemplates, outputByDay, outputRows, rangeWindow, type LineRow } from './lineData';
import { fitLine, normalisedSavings, periodOf, secFigures } from './secMath';
import { baselineOf } from './lineSettings';

const factor = { kgcePerKwh: KGCE_PER_KWH, source: KGCE_FACTOR_SOURCE };
const isElectric = (line: LineRow) => line.energy_type === 'electricity';
const targetOf = (line: LineRow) => (line.target_sec_kwh === null ? null : Number(line.target_sec_kwh));

/**
 * SEC of a line over [from, to] per day, week or month, and per product: energy = Σ line-meter intervals ×
 * allocation ratio; output = Σ quantity × standard coefficient. The range's energy is split over the products by
 * their share of the range's standard output, so a product's SEC per unit = line SEC × its coefficient.
 */
export async function lineSec(db: Kysely<Database>, line: LineRow, query: SecQuery, timeZone: string): Promise<LineSecReport> {
  const days = checkRange(query.from, query.to);
  const window = rangeWindow(query.from, query.to, timeZone);
  const [points, records] = await Promise.all([lineIntervals(db, line, window.start, window.end), outputRows(db, line.id, query.from, query.to)]);
  const energyPerDay = energyByDay(points, days, timeZone);
  const outputPerDay = outputByDay(records);
  const electric = isElectric(line);

  const periods = new Map<string, { from: string; to: string; energy: number; output: number }>();
  for (const day of days) {
    const key = periodOf(day, query.period);
    const slot = periods.get(key) ?? { from: day, to: day, energy: 0, output: 0 };
    slot.to = day;
    slot.energy += energyPerDay.get(day) ?? 0;
    slot.output += outputPerDay.get(day) ?? 0;
    periods.set(key, slot);
  }
  const totalEnergy = [...energyPerDay.values()].reduce((sum, e) => sum + e, 0);
  const totalOutput = [...outputPerDay.values()].reduce((sum, o) => sum + o, 0);

  const productIds = [...new Set(records.map((r) => r.productId))];
  const products = productIds.length
    ? await db.selectFrom('products').select(['id', 'code', 'name', 'unit', 'standard_coefficient', 'target_sec_kwh']).where('id', 'in', productIds).execute()
    : [];
  const productRows: ProductSec[] = products
    .map((product) => {
      const mine = records.filter((r) => r.productId === product.id);
      const quantity = mine.reduce((sum, r) => sum + r.quantity, 0);
      const standardOutput = mine.reduce((sum, r) => sum + r.quantity * r.coefficient, 0);
      const share = totalOutput > 0 ? standardOutput / totalOutput : 0;
      const energy = totalEnergy * share;
      const target = product.target_sec_kwh === null ? null : Number(product.target_sec_kwh);
      // The product's own SEC is per unit of the product, so its "output" here is its quantity.
      return {
        ...secFigures(energy, quantity, target, electric),
        standardOutput,
        productId: product.id,
        code: product.code,
        name: product.name,
        unit: product.unit,
        standardCoefficient: Number(product.standard_coefficient),
        quantity,
        share,
      };
    })
    .sort((x, y) => x.code.localeCompare(y.code));

  const periodRows: PeriodSec[] = [...periods.entries()].map(([period, slot]) => ({
    period,
    from: slot.from,
    to: slot.to,
    ...secFigures(slot.energy, slot.output, targetOf(line), electric),
  }));
  return {
    line: lineInfo(line),
    from: query.from,
    to: query.to,
    period: query.period,
    factor,
    total: secFigures(totalEnergy, totalOutput, targetOf(line), electric),
    periods: periodRows,
    products: productRows,
  };
}

/**
 * SEC per production day and shift: a shift's energy is the line's intervals starting in its window (a night shift
 * counted on the day it starts, shiftClock.ts), its output the records naming that shift on that day. Output of
 * whole days (no shift) and energy outside every shift are reported beside the rows, never guessed into a shift.
 */
export async function lineShifts(db: Kysely<Database>, line: LineRow, query: { from: string; to: string }, timeZone: string): Promise<LineShiftReport> {
  const days = checkRange(query.from, query.to);
  const templates = await lineTemplates(db, line);
  const windows = days.flatMap((day) =>
    templates.map((template) => ({ day, template, ...shiftWindow(day, template.start_time, template.end_time, timeZone) })),
  );
  const range = rangeWindow(query.from, query.to, timeZone);
  const start = Math.min(range.start, ...windows.map((w) => w.from));
  const end = Math.max(range.end, ...windows.map((w) => w.to));
  const [points, records] = await Promise.all([lineIntervals(db, line, start, end), outputRows(db, line.id, query.from, query.to)]);
  const electric = isElectric(line);
  const target = targetOf(line);

  const shiftOutput = new Map<string, number>();
  let wholeDayOutput = 0;
  for (const record of records) {
    const output = record.quantity * record.coefficient;
    if (record.shift === '') wholeDayOutput += output;
    else shiftOutput.set(`${record.day}|${record.shift}`, (shiftOutput.get(`${record.day}|${record.shift}`) ?? 0) + output);
  }
  const rows: ShiftSecRow[] = windows.map(({ day, template, from, to }) => ({
    day,
    shiftId: template.id,
    shiftName: template.name,
    windowFrom: from,
    windowTo: to,
    ...secFigures(energyIn(points, from, to), shiftOutput.get(`${day}|${template.name}`) ?? 0, target, electric),
  }));
  const shifts: ShiftSecSummary[] = templates.map((template) => {
    const mine = rows.filter((row) => row.shiftId === template.id);
    const energy = mine.reduce((sum, row) => sum + row.energy, 0);
    const output = mine.reduce((sum, row) => sum + row.standardOutput, 0);
    return { shiftId: template.id, shiftName: template.name, ...secFigures(energy, output, target, electric) };
  });
  // Intervals of the requested days that no shift window holds.
  let outsideShiftsEnergy = 0;
  for (const point of points) {
    if (point.start < range.start || point.start >= range.end) continue;
    if (!windows.some((w) => w.from <= point.start && point.start < w.to)) outsideShiftsEnergy += point.energy;
  }
  return { line: lineInfo(line), from: query.from, to: query.to, factor, rows, shifts, wholeDayOutput, outsideShiftsEnergy };
}

/** Daily (output, energy) points of the days with output in [from, to]. */
async function dayPoints(db: Kysely<Database>, line: LineRow, from: string, to: string, timeZone: string) {
  const days = checkRange(from, to);
  const window = rangeWindow(from, to, timeZone);
  const [points, records] = await Promise.all([lineIntervals(db, line, window.start, window.end), outputRows(db, line.id, from, to)]);
  const energy = energyByDay(points, days, timeZone);
  const output = outputByDay(records);
  return days.filter((day) => (output.get(day) ?? 0) > 0).map((day) => ({ day, standardOutput: output.get(day)!, energy: energy.get(day) ?? 0 }));
}

/**
 * ISO 50006-style energy baseline: energy = a + b × standard output, least squares over the baseline period's
 * days with output (days without output are left out: the model is of production days). For the reporting
 * period each day with output gets its expected energy; normalised savings = Σ expected − Σ actual.
 */
export async function lineBaseline(db: Kysely<Database>, line: LineRow, query: BaselineQuery, timeZone: string): Promise<BaselineReport> {
  checkRange(query.from, query.to);
  const saved = await baselineOf(db, line.id);
  const chosen =
    query.baselineFrom && query.baselineTo
      ? { from: query.baselineFrom, to: query.baselineTo, saved: false }
      : saved
        ? { from: saved.from, to: saved.to, saved: true }
        : null;
  const base = { line: lineInfo(line), baseline: chosen };
  if (!chosen) return { ...base, model: null, problem: 'noBaseline', reporting: null };
  const baselinePoints = await dayPoints(db, line, chosen.from, chosen.to, timeZone);
  const fit = fitLine(baselinePoints);
  if (typeof fit === 'string') return { ...base, model: null, problem: fit, reporting: null };
  const reportingPoints = await dayPoints(db, line, query.from, query.to, timeZone);
  return {
    ...base,
    model: { from: chosen.from, to: chosen.to, ...fit, points: baselinePoints },
    problem: null,
    reporting: { from: query.from, to: query.to, ...normalisedSavings(fit, reportingPoints) },
  };
}

/**
 * Cost per standard unit by time-of-use band: each line interval priced as shift energy prices it (the meter's
 * effective tariff, TariffBook.slotOf / priceMicro), summed in micro-units per band, rounded once per band line;
 * per unit = band cost / the range's standard output, not rounded.
 */
export async function lineCost(
  db: Kysely<Database>,
  line: LineRow,
  query: { from: string; to: string },
  timeZone: string,
  pricing: ShiftPricing | null,
): Promise<LineCostReport> {
  checkRange(query.from, query.to);
  const window = rangeWindow(query.from, query.to, timeZone);
  const [points, records] = await Promise.all([lineIntervals(db, line, window.start, window.end), outputRows(db, line.id, query.from, query.to)]);
  const standardOutput = records.reduce((sum, r) => sum + r.quantity * r.coefficient, 0);
  const bands = new Map<string, { energy: number; costMicro: number }>();
  const tariffIds = new Set<number>();
  let unpricedEnergy = 0;
  for (const point of points) {
    const tariffId = pricing?.effective.get(point.meterId);
    const slot = pricing && tariffId !== undefined ? pricing.book.slotOf(tariffId, point.start) : null;
    const price = slot ? pricing!.book.priceMicro(slot) : null;
    if (!slot || price === null) {
      unpricedEnergy += point.energy;
      continue;
    }
    tariffIds.add(tariffId!);
    const band = bands.get(slot.band) ?? { energy: 0, costMicro: 0 };
    band.energy += point.energy;
    band.costMicro += point.energy * price;
    bands.set(slot.band, band);
  }
  const perUnit = (costMicro: number) => (standardOutput > 0 ? costMicro / MICRO_PER_MINOR / standardOutput : null);
  const bandRows: BandCost[] = [...bands.entries()].map(([band, figures]) => ({
    band,
    energy: figures.energy,
    costMinor: minorUnits(figures.costMicro),
    costPerUnitMinor: perUnit(figures.costMicro),
  }));
  const totalMicro = [...bands.values()].reduce((sum, b) => sum + b.costMicro, 0);
  const currency = tariffIds.size
    ? ((
        await db
          .selectFrom('tariffs')
          .select('currency')
          .where('id', 'in', [...tariffIds])
          .executeTakeFirst()
      )?.currency ?? null)
    : null;
  return {
    line: lineInfo(line),
    from: query.from,
    to: query.to,
    currency,
    standardOutput,
    bands: bandRows,
    // The total is the sum of the shown band lines (README: cost is rounded once per shown line).
    total: {
      energy: [...bands.values()].reduce((sum, b) => sum + b.energy, 0),
      costMinor: bandRows.reduce((sum, b) => sum + b.costMinor, 0),
      costPerUnitMinor: perUnit(totalMicro),
    },
    unpricedEnergy,
  };
}
