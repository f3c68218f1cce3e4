import { z } from 'zod';
import { multilineText } from '../schemas/text';
import { SHIP_FUELS } from '../ships/fuels';
import { SHIPS_MENU } from '../ships/api';
import { defineResource } from './defineResource';
import { requiredRef, RULE_MESSAGES } from './rules';
import { densityKgM3 } from './shipFuelEntries';
import { shipFuelMeterTexts } from './shipFuelMeters.texts';

/** What one counted unit of a fuel flow meter is: a litre or a cubic metre. */
export const FUEL_VOLUME_UNITS = ['l', 'm3'] as const;
export type FuelVolumeUnit = (typeof FUEL_VOLUME_UNITS)[number];

/**
 * A fuel flow meter on board: a meter of the metering core linked to a ship with the fuel it counts, the unit of
 * its count and the fuel's density. Its counted volume over a leg or a year × density is the fuel burnt
 * (server/ships/fuelFromMeters.ts), added to the ship's fuel entries.
 */
export const shipFuelMeterSchema = z.object({
  shipId: requiredRef(),
  meterId: requiredRef(),
  fuel: z.enum(SHIP_FUELS, { error: RULE_MESSAGES.choose }),
  volumeUnit: z.enum(FUEL_VOLUME_UNITS, { error: RULE_MESSAGES.choose }),
  densityKgM3: densityKgM3(),
  note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
});

export const shipFuelMeterResource = defineResource({
  name: 'shipFuelMeter',
  path: 'ship-fuel-meters',
  table: 'ship_fuel_meters',
  noun: 'Fuel meter',
  menu: SHIPS_MENU,
  screen: false,
  schema: shipFuelMeterSchema,
  fields: [
    { name: 'shipId', kind: 'ref', ref: 'ships' },
    { name: 'meterId', kind: 'ref', ref: 'meters' },
    { name: 'fuel', kind: 'enum', values: SHIP_FUELS },
    { name: 'volumeUnit', kind: 'enum', values: FUEL_VOLUME_UNITS },
    { name: 'densityKgM3', kind: 'number' },
    { name: 'note', kind: 'multiline', search: true, hideInList: true },
  ],
  listFilters: [{ name: 'shipId', kind: 'ref', ref: 'ships' }],
  orderBy: ['id'],
  optionLabel: ['fuel'],
  texts: shipFuelMeterTexts,
  sample: ({ mark, idOf }) => ({
    shipId: idOf('ships'),
    meterId: idOf('meters'),
    fuel: 'diesel_gas_oil',
    volumeUnit: 'l',
    densityKgM3: 850,
    note: `${mark} note`,
  }),
});
