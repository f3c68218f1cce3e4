import { z } from 'zod';
import { multilineText } from '../schemas/text';
import { defineResource } from './defineResource';
import { productionDeviceTexts } from './productionDevices.texts';
import { optionalRef, requiredText, RULE_MESSAGES } from './rules';

/** A device is measured by one meter, or by a few (a machine with a separate drive and heater feed), never dozens. */
export const DEVICE_METERS_MAX = 10;
export const DEVICE_POWER_MAX_KW = 1_000_000;

export const DEVICE_RULE_MESSAGES = {
  meters: 'Choose at least one meter that measures the device',
  offBelowRun: 'The off threshold must be below the run threshold',
  runAboveRated: 'The run threshold must not be above the rated power',
  offNotNegative: 'The off threshold must be 0 kW or more',
} as const;

const kilowatts = () => z.number({ error: RULE_MESSAGES.number }).max(DEVICE_POWER_MAX_KW, RULE_MESSAGES.tooLong);

export const productionDeviceSchema = z
  .object({
    code: requiredText(),
    name: requiredText(100),
    lineId: optionalRef(),
    meterIds: z
      .array(z.number({ error: RULE_MESSAGES.choose }).int().positive(RULE_MESSAGES.choose))
      .min(1, DEVICE_RULE_MESSAGES.meters)
      .max(DEVICE_METERS_MAX, RULE_MESSAGES.tooLong),
    ratedPowerKw: kilowatts().gt(0, RULE_MESSAGES.positive),
    runThresholdKw: kilowatts().gt(0, RULE_MESSAGES.positive),
    offThresholdKw: kilowatts().min(0, DEVICE_RULE_MESSAGES.offNotNegative),
    note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
  })
  .superRefine((value, context) => {
    // off < run ≤ rated: between off and run the device is idle; a run threshold above what it can draw would never be met.
    if (value.offThresholdKw >= value.runThresholdKw) context.addIssue({ code: 'custom', path: ['offThresholdKw'], message: DEVICE_RULE_MESSAGES.offBelowRun });
    if (value.runThresholdKw > value.ratedPowerKw) context.addIssue({ code: 'custom', path: ['runThresholdKw'], message: DEVICE_RULE_MESSAGES.runAboveRated });
  });

/**
 * Production devices (/energy-efficiency-management/production-device): equipment measured by one or more
 * electricity meters, with its rated power and two thresholds on the average power of each 15-minute interval
 * (kWh × 4): running at or above `runThresholdKw`, off at or below `offThresholdKw`, idle in between
 * (shared/productionDevices/deviceStates.ts). `meterIds` live in production_device_meters
 * (server/productionDevices/deviceHooks.ts); `lineId` is the production line whose output gives energy per unit.
 */
export const productionDeviceResource = defineResource({
  name: 'productionDevice',
  path: 'production-devices',
  table: 'production_devices',
  noun: 'production device',
  menu: '/energy-efficiency-management/production-device',
  // The screen adds the device panel: state timeline, figures, 30 days of idle energy (console/src/pages/productionDevices/).
  screen: false,
  schema: productionDeviceSchema,
  fields: [
    { name: 'code', kind: 'text', unique: true, search: true },
    { name: 'name', kind: 'text', search: true },
    { name: 'lineId', kind: 'ref', ref: 'product-lines' },
    { name: 'meterIds', kind: 'refs', ref: 'meters' },
    { name: 'ratedPowerKw', kind: 'number' },
    { name: 'runThresholdKw', kind: 'number' },
    { name: 'offThresholdKw', kind: 'number' },
    { name: 'note', kind: 'multiline', search: true, hideInList: true },
  ],
  listFilters: [{ name: 'lineId', kind: 'ref', ref: 'product-lines' }],
  orderBy: ['code', 'id'],
  optionLabel: ['code', 'name'],
  texts: productionDeviceTexts,
  sample: ({ mark, idOf }) => ({
    code: `${mark}-D1`,
    name: `${mark} press`,
    lineId: idOf('product-lines'),
    meterIds: [idOf('meters')].filter((id) => id !== null),
    ratedPowerKw: 200,
    runThresholdKw: 120,
    offThresholdKw: 20,
    note: '',
  }),
});
