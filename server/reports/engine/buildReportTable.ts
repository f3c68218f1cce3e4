import { FUEL_METRICS, MONEY_METRICS, REPORT_LIMITS, type CompareMode, type ReportMetric } from '@shared/reports/constants';
import type { FormulaColumn, MetricColumn, ReportColumn, ReportSpec } from '@shared/reports/spec';
import type { ColumnTotal, ReportChart, ReportColumnHead, ReportRow, ReportTable } from '@shared/reports/table';
import { MICRO_PER_MINOR, minorUnits } from '@shared/tariffs/money';
import { AppError } from '../../http/appError';
import { baseSlotOf, compared } from './compare';
import { formulaValue } from './formulas';
import { groupObjects } from './grouping';
import { fill, reportTexts, type ReportTexts } from './labels';
import { resolveObjects } from './objects';
import { cellKey, type MetricValues, type ReportContext, type ReportObject, type ReportSlot } from './reportContext';
import { assertPeriodLength, periodSlots, wholeSlot, type DayRange } from './slots';
import { sourceFor } from './sources';

export interface BuildOptions {
  title: string;
  now?: number | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
}

/** Metrics whose figures are in the energy type's unit (÷ unitScale), and how each metric's totals are made. */
const ENERGY_METRICS: readonly ReportMetric[] = ['energy', 'bandEnergy', 'registerStart', 'registerEnd'];
const TOTAL_OF: Record<ReportMetric, ColumnTotal> = {
  energy: 'sum',
  cost: 'sum',
  bandEnergy: 'sum',
  bandCost: 'sum',
  maxDemand: 'max',
  minDemand: 'min',
  registerStart: 'none',
  registerEnd: 'none',
  alarmCount: 'sum',
  charges: 'sum',
  topUps: 'sum',
  balance: 'none',
  output: 'sum',
  // SEC of a total is Σ energy ÷ Σ output, not a sum of ratios: a formula column (ratio of energy and output) gives it.
  sec: 'none',
  fuel: 'sum',
  co2: 'sum',
  distance: 'sum',
};

/** One value column of the table: the definition's column at one object (period rows) or one period (a split). */
interface OutColumn {
  head: ReportColumnHead;
  spec: ReportColumn;
  /** the instance this column stands for: a slot (object rows) or an object (period rows) */
  slot: ReportSlot | null;
  object: ReportObject | null;
  /** keys of the same instance's columns by definition id, for formulas */
  siblings: Map<string, number>;
}

/** A data row: one object (object rows) or one period (period rows). */
interface DataRow {
  label: string;
  code: string;
  level: number;
  /** counted in a listed department above it: not added to subtotals, totals or shares */
  nested?: boolean;
  object: ReportObject | null;
  slot: ReportSlot | null;
}

/** An unrounded cell: money in major units, energy ÷ unitScale; compare cells keep the period's value and its base. */
interface RawCell {
  value: number | null;
  estimated: boolean;
  current?: number | null;
  base?: number | null;
}

const tidy = (value: number): number => Math.round(value * 1e9) / 1e9;
const roundMoney = (major: number): number => minorUnits(major * 100 * MICRO_PER_MINOR) / 100;

/**
 * Computes a report's table (design.md "Engine semantics"): objects in the caller's tree, slots of the period in
 * TIME_ZONE, every metric from its source, comparisons, formulas, groups with subtotals and the total, units and
 * labels in the spec's language. Every number stays unrounded until the cell is written (money: once, to cents).
 */
export async function buildReportTable(context: ReportContext, spec: ReportSpec, period: DayRange, options: BuildOptions): Promise<ReportTable> {
  const texts = reportTexts(spec.lang);
  const signal = options.signal;
  signal?.throwIfAborted();
  assertPeriodLength(period);
  const objects = await resolveObjects(context, spec.objects);
  const split = spec.layout === 'periodRows' || spec.splitByPeriod;
  const slots = split ? periodSlots(period, spec.grain, context.timeZone, texts) : [wholeSlot(period, context.timeZone, texts)];
  const hourly = split && spec.grain === 'hour';

  // ---- columns and rows (sizes are checked before anything is read) ----
  const columns: OutColumn[] = [];
  const addInstance = (slot: ReportSlot | null, object: ReportObject | null, group: string | undefined, suffix: string) => {
    const siblings = new Map<string, number>();
    const typesOf = object ? [object.energyType] : [...new Set(objects.map((o) => o.energyType))];
    for (const column of spec.columns) {
      siblings.set(column.id, columns.length);
      const head = headOf(column, spec, texts, typesOf, columns, siblings);
      columns.push({
        head: { ...head, key: suffix ? `${column.id}@${suffix}` : column.id, ...(group === undefined ? {} : { group }) },
        spec: column,
        slot,
        object,
        siblings,
      });
    }
  };
  if (spec.layout === 'periodRows') for (const object of objects) addInstance(null, object, object.name, String(object.id));
  else if (spec.splitByPeriod) for (const slot of slots) addInstance(slot, null, slot.label, slot.key);
  else addInstance(slots[0]!, null, undefined, '');
  if (split && columns.length > REPORT_LIMITS.splitColumns) throw new AppError('REPORT_TOO_LARGE');

  const groups = spec.layout === 'objectRows' ? groupObjects(objects, spec.groupBy, texts) : [];
  const dataRows: DataRow[] = [];
  const grouped = spec.groupBy !== 'none' && spec.subtotals;
  if (spec.layout === 'periodRows') for (const slot of slots) dataRows.push({ label: slot.label, code: '', level: 0, object: null, slot });
  else {
    // A department listed under another listed department is nested: shown indented, left out of subtotals, totals
    // and shares, since its energy is already in the department above it (the settlement screens do the same).
    const listed = new Set(objects.map((object) => object.id));
    for (const group of groups)
      for (const object of group.objects) {
        const above = object.kind === 'department' ? (object.ancestorIds ?? []).filter((id) => listed.has(id)).length : 0;
        dataRows.push({ label: object.name, code: object.code, level: (grouped ? 1 : 0) + Math.min(above, 4), object, slot: null, nested: above > 0 });
      }
  }
  if (dataRows.length * columns.length > REPORT_LIMITS.cells) throw new AppError('REPORT_TOO_LARGE');

  // ---- reads: one per metric (band, alarm kind) and per comparison ----
  const reads = new Map<string, { column: MetricColumn; mode: CompareMode | null }>();
  const readKey = (column: MetricColumn, mode: CompareMode | null) =>
    [column.metric, column.band ?? '', column.alarmKind ?? '', column.fuel ?? '', mode ?? ''].join('|');
  for (const column of spec.columns)
    if (column.kind === 'metric') {
      reads.set(readKey(column, null), { column, mode: null });
      if (column.compare) reads.set(readKey(column, column.compare.mode), { column, mode: column.compare.mode });
    }
  const results = new Map<string, MetricValues>();
  const baseSlots = new Map<string, Map<string, ReportSlot>>();
  let done = 0;
  for (const [key, { column, mode }] of reads) {
    signal?.throwIfAborted();
    let asked = slots;
    if (mode) {
      const bases = new Map(slots.map((slot) => [slot.key, baseSlotOf(slot, mode, spec.base, hourly, context.timeZone)]));
      baseSlots.set(mode, bases);
      asked = [...bases.values()];
    }
    const values =
      objects.length === 0
        ? new Map()
        : await sourceFor(column.metric, spec.objects.kind).read(context, {
            metric: column.metric,
            objects,
            slots: asked,
            grain: spec.grain,
            band: column.band,
            alarmKind: column.alarmKind,
            fuel: column.fuel,
          });
    results.set(key, values);
    options.onProgress?.((++done / reads.size) * 0.9);
  }

  // ---- data cells, unrounded ----
  const metricValue = (column: MetricColumn, mode: CompareMode | null, object: ReportObject, slot: ReportSlot) => {
    const slotKey = mode ? baseSlots.get(mode)!.get(slot.key)!.key : slot.key;
    const found = results.get(readKey(column, mode))?.get(cellKey(object.id, slotKey));
    if (!found) return { value: null, estimated: false };
    return { value: scaled(column.metric, found.value, spec.unitScale), estimated: found.estimated };
  };
  const raw: RawCell[][] = dataRows.map((row) => {
    const cells: RawCell[] = [];
    columns.forEach((column) => {
      const object = (row.object ?? column.object)!;
      const slot = (row.slot ?? column.slot)!;
      const definition = column.spec;
      if (definition.kind === 'formula') {
        cells.push({ value: null, estimated: false }); // filled below, once the whole column's data is known (share)
        return;
      }
      const current = metricValue(definition, null, object, slot);
      if (!definition.compare) {
        cells.push(current);
        return;
      }
      const base = metricValue(definition, definition.compare.mode, object, slot);
      cells.push({
        value: compared(definition.compare.show, current.value, base.value),
        estimated: definition.compare.show === 'value' ? base.estimated : current.estimated || base.estimated,
        current: current.value,
        base: base.value,
      });
    });
    return cells;
  });
  // Formulas in column order, so a formula may use one before it (the spec's rule).
  const shareOf = new Map<number, number | null>();
  columns.forEach((column, index) => {
    const definition = column.spec;
    if (definition.kind !== 'formula') return;
    const a = column.siblings.get(definition.a)!;
    const b = definition.b === undefined ? undefined : column.siblings.get(definition.b);
    if (definition.op === 'share') shareOf.set(index, sumOf(raw.flatMap((cells, row) => (dataRows[row]!.nested ? [] : [cells[a]!.value]))));
    for (const cells of raw) {
      const left = cells[a]!;
      const right = b === undefined ? undefined : cells[b];
      cells[index] = {
        value: formulaValue(definition.op, left.value, right?.value ?? null, shareOf.get(index) ?? null),
        estimated: left.estimated || (right?.estimated ?? false),
      };
    }
  });

  // ---- subtotal and total rows ----
  const rows: { row: DataRow | null; kind: ReportRow['kind']; label: string; level: number; cells: RawCell[]; covers?: number[] }[] = [];
  const totalCells = (covered: number[]): RawCell[] => {
    const mixed = spec.layout === 'objectRows' && new Set(covered.map((index) => dataRows[index]!.object!.energyType)).size > 1;
    const cells: RawCell[] = [];
    columns.forEach((column, index) => {
      const definition = column.spec;
      const estimated = covered.some((row) => raw[row]![index]!.estimated);
      if (definition.kind === 'formula') {
        const a = cells[column.siblings.get(definition.a)!]!;
        const b = definition.b === undefined ? undefined : cells[column.siblings.get(definition.b)!];
        cells.push({ value: formulaValue(definition.op, a.value, b?.value ?? null, shareOf.get(index) ?? null), estimated });
        return;
      }
      const mode = TOTAL_OF[definition.metric];
      // kWh and m³ are not added up: a total over several energy types is left empty (money and counts are).
      if (mode === 'none' || (mixed && ENERGY_METRICS.includes(definition.metric))) {
        cells.push({ value: null, estimated: false });
        return;
      }
      if (!definition.compare) {
        cells.push({
          value: aggregate(
            mode,
            covered.map((row) => raw[row]![index]!.value),
          ),
          estimated,
        });
        return;
      }
      const current = aggregate(
        mode,
        covered.map((row) => raw[row]![index]!.current ?? null),
      );
      const base = aggregate(
        mode,
        covered.map((row) => raw[row]![index]!.base ?? null),
      );
      cells.push({ value: compared(definition.compare.show, current, base), estimated, current, base });
    });
    return cells;
  };
  let dataIndex = 0;
  if (spec.layout === 'objectRows') {
    for (const group of groups) {
      const covered: number[] = [];
      for (let i = 0; i < group.objects.length; i++) {
        if (!dataRows[dataIndex]!.nested) covered.push(dataIndex);
        rows.push({ row: dataRows[dataIndex]!, kind: 'data', label: dataRows[dataIndex]!.label, level: dataRows[dataIndex]!.level, cells: raw[dataIndex]! });
        dataIndex++;
      }
      if (grouped && covered.length)
        rows.push({ row: null, kind: 'subtotal', label: fill(texts.subtotalOf, { name: group.name }), level: 0, cells: totalCells(covered), covers: covered });
    }
  } else dataRows.forEach((row, index) => rows.push({ row, kind: 'data', label: row.label, level: 0, cells: raw[index]! }));
  const allData = dataRows.flatMap((row, index) => (row.nested ? [] : [index]));
  if (spec.totals && dataRows.length) rows.push({ row: null, kind: 'total', label: texts.total, level: 0, cells: totalCells(allData), covers: allData });

  // `covers` names data rows by their index in `rows` (subtotal rows sit between them).
  const rowIndexOfData: number[] = [];
  rows.forEach((row, index) => {
    if (row.kind === 'data') rowIndexOfData.push(index);
  });
  const heads = columns.map((column) => column.head);
  const finalRows: ReportRow[] = rows.map((row) => ({
    kind: row.kind,
    label: row.label,
    code: row.row?.code ?? '',
    level: row.level,
    cells: row.cells.map((cell, index) => finalValue(cell.value, heads[index]!)),
    estimated: row.cells.flatMap((cell, index) => (cell.estimated && cell.value !== null ? [index] : [])),
    ...(row.covers ? { covers: row.covers.map((index) => rowIndexOfData[index]!) } : {}),
  }));

  const anyEstimated = finalRows.some((row) => row.estimated.length > 0);
  const anyValue = finalRows.some((row) => row.kind === 'data' && row.cells.some((cell) => cell !== null));
  options.onProgress?.(1);
  return {
    title: options.title,
    subtitle:
      period.from === period.to
        ? fill(texts.subtitleDay, { day: period.from, timeZone: context.timeZone })
        : fill(texts.subtitle, { from: period.from, to: period.to, timeZone: context.timeZone }),
    lang: spec.lang,
    timeZone: context.timeZone,
    generatedAt: options.now ?? Date.now(),
    period: { from: period.from, to: period.to },
    base: spec.base,
    rowHeader: spec.layout === 'periodRows' ? texts.grains[spec.grain] : texts.objectKinds[spec.objects.kind],
    columns: heads,
    rows: finalRows,
    chart: chartOf(spec, columns, finalRows),
    notes: [
      ...(anyEstimated ? [texts.estimatedNote] : []),
      ...(dataRows.some((row) => row.nested) ? [texts.nestedNote] : []),
      ...(anyValue ? [] : [texts.noData]),
    ],
  };
}

/** A source's figure in the column's unit before rounding: energy ÷ unitScale, money minor → major units. */
function scaled(metric: ReportMetric, value: number, unitScale: number): number {
  if (ENERGY_METRICS.includes(metric)) return value / unitScale;
  if (MONEY_METRICS.includes(metric)) return value / 100;
  return value;
}

function finalValue(value: number | null, head: ReportColumnHead): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return head.kind === 'money' ? roundMoney(value) : tidy(value);
}

function sumOf(values: (number | null)[]): number | null {
  let sum: number | null = null;
  for (const value of values) if (value !== null) sum = (sum ?? 0) + value;
  return sum;
}

function aggregate(mode: Exclude<ColumnTotal, 'none'>, values: (number | null)[]): number | null {
  if (mode === 'sum') return sumOf(values);
  const present = values.filter((value): value is number => value !== null);
  if (!present.length) return null;
  return mode === 'max' ? Math.max(...present) : Math.min(...present);
}

/** The unit energy of these types is shown in: kWh/MWh, m³/thousand m³; '' when the types differ. */
function energyUnit(types: readonly string[], unitScale: number, texts: ReportTexts): string {
  if (types.length !== 1) return '';
  if (types[0] === 'electricity') return unitScale === 1 ? texts.units.kWh : texts.units.MWh;
  return unitScale === 1 ? texts.units.m3 : texts.units.thousandM3;
}

/** The generated name of a definition column (its own `label` wins). */
function nameOf(column: ReportColumn, spec: ReportSpec, texts: ReportTexts): string {
  if (column.label) return column.label;
  if (column.kind === 'formula') {
    const named = (id: string | undefined) => {
      const target = spec.columns.find((candidate) => candidate.id === id);
      return target ? nameOf(target, spec, texts) : (id ?? '');
    };
    return fill(texts.formulas[column.op], { a: named(column.a), b: named(column.b) });
  }
  const name =
    column.metric === 'alarmCount' && column.alarmKind
      ? fill(texts.alarmCountOf, { kind: texts.alarmKinds[column.alarmKind] })
      : column.fuel && FUEL_METRICS.includes(column.metric)
        ? fill(texts.fuelMetricOf, { name: texts.metrics[column.metric], fuel: texts.fuels[column.fuel] })
        : fill(texts.metrics[column.metric], { band: column.band ? texts.bands[column.band] : '' });
  return column.compare ? fill(texts.compareLabel, { name, suffix: texts.compare[column.compare.mode][column.compare.show] }) : name;
}

function headOf(
  column: ReportColumn,
  spec: ReportSpec,
  texts: ReportTexts,
  energyTypes: readonly string[],
  before: readonly OutColumn[],
  siblings: ReadonlyMap<string, number>,
): Omit<ReportColumnHead, 'key'> {
  const label = nameOf(column, spec, texts);
  if (column.kind === 'formula') return formulaHead(column, label, spec, before, siblings);
  const metric = column.metric;
  const percent = column.compare?.show === 'percent';
  const base = {
    sourceId: column.id,
    label,
    metric,
    total: column.compare ? ('none' as const) : TOTAL_OF[metric],
  };
  if (percent) return { ...base, unit: texts.units.percent, decimals: column.decimals ?? 1, kind: 'percent' };
  if (MONEY_METRICS.includes(metric)) return { ...base, unit: texts.units.money, decimals: 2, kind: 'money' };
  if (metric === 'maxDemand' || metric === 'minDemand') return { ...base, unit: texts.units.kW, decimals: column.decimals ?? spec.decimals, kind: 'number' };
  if (metric === 'alarmCount') return { ...base, unit: '', decimals: 0, kind: 'number' };
  // Ships: tonnes of fuel and of CO₂, nautical miles; never scaled by unitScale (that is kWh → MWh).
  if (metric === 'fuel' || metric === 'co2') return { ...base, unit: texts.units.tonne, decimals: column.decimals ?? spec.decimals, kind: 'number' };
  if (metric === 'distance') return { ...base, unit: texts.units.nauticalMile, decimals: column.decimals ?? spec.decimals, kind: 'number' };
  if (metric === 'output') return { ...base, unit: texts.units.standardUnit, decimals: column.decimals ?? spec.decimals, kind: 'number' };
  if (metric === 'sec') {
    // Per kWh (m³) whatever the report's unitScale: a line's SEC reads as the production screens show it.
    const energy = energyUnit(energyTypes, 1, texts);
    return { ...base, unit: energy ? `${energy}/${texts.units.standardUnit}` : '', decimals: column.decimals ?? spec.decimals, kind: 'number' };
  }
  return { ...base, unit: energyUnit(energyTypes, spec.unitScale, texts), decimals: column.decimals ?? spec.decimals, kind: 'number' };
}

function formulaHead(
  column: FormulaColumn,
  label: string,
  spec: ReportSpec,
  before: readonly OutColumn[],
  siblings: ReadonlyMap<string, number>,
): Omit<ReportColumnHead, 'key'> {
  const a = before[siblings.get(column.a)!]!.head;
  const b = column.b === undefined ? undefined : before[siblings.get(column.b)!]?.head;
  const base = { sourceId: column.id, label, metric: 'formula' as const, total: 'none' as const };
  if (column.op === 'share') return { ...base, unit: '%', decimals: column.decimals ?? 1, kind: 'percent' };
  if (column.op === 'ratio') {
    const unit = a.unit && b?.unit ? `${a.unit}/${b.unit}` : '';
    return { ...base, unit, decimals: column.decimals ?? Math.max(spec.decimals, 2), kind: 'number' };
  }
  return { ...base, unit: a.unit, decimals: column.decimals ?? a.decimals, kind: a.kind };
}

/**
 * The chart of `spec.chart.column`: with one row per object, a bar per data row; after a split, a bar per period
 * (the column's total over the objects); with period rows, a bar per period (the column summed over the objects, or
 * its largest/smallest for demand).
 */
function chartOf(spec: ReportSpec, columns: readonly OutColumn[], rows: readonly ReportRow[]): ReportChart | null {
  if (spec.chart.type === 'none' || !spec.chart.column) return null;
  const chosen = columns.map((column, index) => ({ column, index })).filter(({ column }) => column.head.sourceId === spec.chart.column);
  const first = chosen[0];
  if (!first) return null;
  const dataRows = rows.filter((row) => row.kind === 'data');
  const totalRow = rows.find((row) => row.kind === 'total');
  const countedRows = totalRow?.covers ? totalRow.covers.map((index) => rows[index]!) : dataRows;
  const head = first.column.head;
  const type = spec.chart.type;
  const totalMode: Exclude<ColumnTotal, 'none'> = head.total === 'none' ? 'sum' : head.total;
  const combine = (values: (number | null)[]) => {
    const combined = aggregate(totalMode, values);
    return combined === null ? null : head.kind === 'money' ? roundMoney(combined) : tidy(combined);
  };
  if (spec.layout === 'periodRows')
    return {
      type,
      title: head.label,
      columnKey: head.key,
      categories: dataRows.map((row) => row.label),
      values: dataRows.map((row) => (chosen.length === 1 ? row.cells[first.index]! : combine(chosen.map(({ index }) => row.cells[index]!)))),
      unit: head.unit,
    };
  if (spec.splitByPeriod)
    return {
      type,
      title: head.label,
      columnKey: head.key,
      categories: chosen.map(({ column }) => column.slot?.label ?? ''),
      // Over the rows the total counts (a nested department is already in the one above it).
      values: chosen.map(({ index }) => combine(countedRows.map((row) => row.cells[index]!))),
      unit: head.unit,
    };
  return {
    type,
    title: head.label,
    columnKey: head.key,
    categories: dataRows.map((row) => row.label),
    values: dataRows.map((row) => row.cells[first.index]!),
    unit: head.unit,
  };
}
