import type { ReportTemplateKey } from './constants';
import type { ReportSpecInput } from './spec';

/**
 * The shipped report templates: a new definition starts from one of these specs (names and descriptions are
 * the console's `reports.templates.<key>` texts). Every one covers last month; reports over energy are limited to
 * electricity so a total never adds kWh to m³.
 */
export const REPORT_TEMPLATES: Record<ReportTemplateKey, ReportSpecInput> = {
  /** Departments' electricity for each day of last month, one column per day, with the period's total. */
  dailyEnergy: {
    objects: { kind: 'department', ids: [], energyType: 'electricity' },
    layout: 'objectRows',
    grain: 'day',
    splitByPeriod: true,
    columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }],
    totals: true,
    decimals: 2,
    period: { preset: 'lastMonth' },
  },
  /** Departments' energy and cost in the month, each one's share of the cost, and the cost a year earlier. */
  monthlyDepartmentCost: {
    objects: { kind: 'department', ids: [], energyType: 'electricity' },
    layout: 'objectRows',
    grain: 'month',
    columns: [
      { id: 'energy', kind: 'metric', metric: 'energy' },
      { id: 'cost', kind: 'metric', metric: 'cost' },
      { id: 'costShare', kind: 'formula', op: 'share', a: 'cost', decimals: 1 },
      { id: 'costLastYear', kind: 'metric', metric: 'cost', compare: { mode: 'lastYear', show: 'value' } },
      { id: 'costYoY', kind: 'metric', metric: 'cost', compare: { mode: 'lastYear', show: 'percent' }, decimals: 1 },
    ],
    groupBy: 'department',
    subtotals: true,
    totals: true,
    period: { preset: 'lastMonth' },
    chart: { type: 'bar', column: 'cost' },
  },
  /** Departments' energy and cost per time-of-use band (sharp, peak, flat, valley) and in all. */
  bandStatement: {
    objects: { kind: 'department', ids: [], energyType: 'electricity' },
    layout: 'objectRows',
    grain: 'month',
    columns: [
      { id: 'sharpEnergy', kind: 'metric', metric: 'bandEnergy', band: 'sharp' },
      { id: 'sharpCost', kind: 'metric', metric: 'bandCost', band: 'sharp' },
      { id: 'peakEnergy', kind: 'metric', metric: 'bandEnergy', band: 'peak' },
      { id: 'peakCost', kind: 'metric', metric: 'bandCost', band: 'peak' },
      { id: 'flatEnergy', kind: 'metric', metric: 'bandEnergy', band: 'flat' },
      { id: 'flatCost', kind: 'metric', metric: 'bandCost', band: 'flat' },
      { id: 'valleyEnergy', kind: 'metric', metric: 'bandEnergy', band: 'valley' },
      { id: 'valleyCost', kind: 'metric', metric: 'bandCost', band: 'valley' },
      { id: 'energy', kind: 'metric', metric: 'energy' },
      { id: 'cost', kind: 'metric', metric: 'cost' },
    ],
    totals: true,
    period: { preset: 'lastMonth' },
    paper: { size: 'A4', orientation: 'landscape' },
  },
  /** Meters' registers at the start and end of last month, the energy between and the largest demand. */
  meterReadings: {
    objects: { kind: 'meter', ids: [], energyType: 'electricity' },
    layout: 'objectRows',
    grain: 'month',
    columns: [
      { id: 'registerStart', kind: 'metric', metric: 'registerStart' },
      { id: 'registerEnd', kind: 'metric', metric: 'registerEnd' },
      { id: 'energy', kind: 'metric', metric: 'energy' },
      { id: 'maxDemand', kind: 'metric', metric: 'maxDemand' },
    ],
    groupBy: 'department',
    totals: true,
    period: { preset: 'lastMonth' },
  },
  /** Alarms raised on each meter last month by kind, grouped by department (meters: no alarm is counted twice). */
  alarmSummary: {
    objects: { kind: 'meter', ids: [], energyType: null },
    layout: 'objectRows',
    grain: 'month',
    columns: [
      { id: 'device', kind: 'metric', metric: 'alarmCount', alarmKind: 'device' },
      { id: 'error', kind: 'metric', metric: 'alarmCount', alarmKind: 'error' },
      { id: 'trouble', kind: 'metric', metric: 'alarmCount', alarmKind: 'trouble' },
      { id: 'offline', kind: 'metric', metric: 'alarmCount', alarmKind: 'offline' },
      { id: 'alarms', kind: 'metric', metric: 'alarmCount' },
    ],
    groupBy: 'department',
    subtotals: true,
    totals: true,
    decimals: 0,
    period: { preset: 'lastMonth' },
  },
  /** Prepaid rooms last month: energy, what was charged, what was topped up, and the balance at the month's end. */
  roomStatement: {
    objects: { kind: 'room', ids: [], energyType: null },
    layout: 'objectRows',
    grain: 'month',
    columns: [
      { id: 'energy', kind: 'metric', metric: 'energy' },
      { id: 'charges', kind: 'metric', metric: 'charges' },
      { id: 'topUps', kind: 'metric', metric: 'topUps' },
      { id: 'balance', kind: 'metric', metric: 'balance' },
    ],
    totals: true,
    period: { preset: 'lastMonth' },
  },
  /** Every ship's fuel (all, and HFO), CO₂ and its change on last year, distance and CO₂ per nautical mile in the month. */
  fleetFuel: {
    objects: { kind: 'ship', ids: [], energyType: null },
    layout: 'objectRows',
    grain: 'month',
    columns: [
      { id: 'fuel', kind: 'metric', metric: 'fuel' },
      { id: 'hfo', kind: 'metric', metric: 'fuel', fuel: 'hfo' },
      { id: 'co2', kind: 'metric', metric: 'co2' },
      { id: 'co2YoY', kind: 'metric', metric: 'co2', compare: { mode: 'lastYear', show: 'percent' }, decimals: 1 },
      { id: 'distance', kind: 'metric', metric: 'distance' },
      { id: 'co2PerNm', kind: 'formula', op: 'ratio', a: 'co2', b: 'distance', decimals: 3 },
    ],
    totals: true,
    decimals: 1,
    period: { preset: 'lastMonth' },
    chart: { type: 'bar', column: 'co2' },
  },
};
