/**
 * Texts written into generated reports (web view, CSV, XLSX, PDF) by the server, in the report's language; zh.ts and es.ts
 * hold the same keys.
 */
export const reportFilesEn = {
  total: 'Total',
  subtotal: 'Subtotal',
  page: 'Page {{page}} of {{pages}}',
  generated: 'Generated {{time}}',
  estimatedNote: '* includes estimated (completed) data',
  nestedNote: 'Indented departments are part of the department above them: subtotals, totals and shares count them once',
  noData: 'No data for this period',
  /** "Subtotal: Line 1" */
  subtotalOf: 'Subtotal: {{name}}',
  /** the report's period and time zone under the title */
  subtitle: '{{from}} – {{to}} · {{timeZone}}',
  subtitleDay: '{{day}} · {{timeZone}}',
  /** the header of a merged group made of the whole period (a comparison's base) */
  basePeriod: 'Base period {{from}} – {{to}}',
  noDepartment: 'No department',
  /** the group of departments at the top of the tree, when departments are grouped by the one above them */
  topLevel: 'Top level',
  objectKinds: { meter: 'Meter', department: 'Department', subitem: 'Sub-item', room: 'Room', line: 'Production line', ship: 'Ship' },
  grains: { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month', year: 'Year' },
  /** period labels: weeks by ISO week number, hours by local start */
  weekLabel: '{{year}}-W{{week}}',
  hourLabel: '{{month}}-{{day}} {{hour}}:00',
  wholePeriod: 'Whole period',
  metrics: {
    energy: 'Energy',
    cost: 'Cost',
    bandEnergy: '{{band}} energy',
    bandCost: '{{band}} cost',
    maxDemand: 'Max demand',
    minDemand: 'Min demand',
    registerStart: 'Register at start',
    registerEnd: 'Register at end',
    alarmCount: 'Alarms',
    charges: 'Charges',
    topUps: 'Top-ups',
    balance: 'Balance',
    output: 'Output',
    sec: 'SEC',
    fuel: 'Fuel',
    co2: 'CO₂',
    distance: 'Distance',
  },
  /** a ship's fuel or CO₂ of one fuel type: "Fuel (HFO)" */
  fuelMetricOf: '{{name}} ({{fuel}})',
  fuels: {
    diesel_gas_oil: 'MDO/MGO',
    lfo: 'LFO',
    hfo: 'HFO',
    lpg_propane: 'LPG propane',
    lpg_butane: 'LPG butane',
    ethane: 'Ethane',
    lng: 'LNG',
    methanol: 'Methanol',
    ethanol: 'Ethanol',
  },
  /** an alarm count of one kind: "Threshold alarms" */
  alarmCountOf: '{{kind}} alarms',
  alarmKinds: { device: 'Threshold', error: 'Data error', trouble: 'Gateway fault', offline: 'Offline', balance: 'Low balance' },
  bands: { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley', deepValley: 'Deep valley' },
  /** "{{name}} {{suffix}}": "Energy YoY" (its unit says %) */
  compareLabel: '{{name}} {{suffix}}',
  compare: {
    previous: { value: 'previous period', delta: 'PoP change', percent: 'PoP' },
    lastYear: { value: 'last year', delta: 'YoY change', percent: 'YoY' },
    base: { value: 'base period', delta: 'change vs base', percent: 'vs base' },
  },
  formulas: { difference: '{{a}} − {{b}}', ratio: '{{a}} / {{b}}', share: '{{a}} share', sum: '{{a}} + {{b}}' },
  energyTypes: { electricity: 'Electricity', water: 'Water', gas: 'Gas' },
  units: {
    kWh: 'kWh',
    MWh: 'MWh',
    m3: 'm³',
    thousandM3: 'thousand m³',
    kW: 'kW',
    money: 'CNY',
    percent: '%',
    standardUnit: 'std. unit',
    tonne: 't',
    nauticalMile: 'nm',
  },
};
