import { z } from 'zod';
import { multilineText, text } from '../schemas/text';
import { SHIP_FUELS } from '../ships/fuels';
import { SHIPS_MENU } from '../ships/api';
import { defineResource } from './defineResource';
import { isoDate, optionalRef, requiredRef, RULE_MESSAGES } from './rules';
import { shipFuelEntryTexts } from './shipFuelEntries.texts';

export const FUEL_ENTRY_SOURCES = ['bdn', 'manual'] as const;
export type FuelEntrySource = (typeof FUEL_ENTRY_SOURCES)[number];

/** Fuel densities outside this are a typo (LNG ≈ 450, HFO ≈ 990 kg/m³). */
export const DENSITY_RANGE = { min: 400, max: 1100 } as const;
export const DENSITY_MESSAGE = `Density must be between ${DENSITY_RANGE.min} and ${DENSITY_RANGE.max} kg/m³`;
export const FUEL_AMOUNT_MESSAGE = 'Enter the tonnes, or the litres and the density (kg/m³)';

const amount = () => z.number({ error: RULE_MESSAGES.number }).gt(0, RULE_MESSAGES.positive).nullable().default(null);
export const densityKgM3 = () => z.number({ error: RULE_MESSAGES.number }).min(DENSITY_RANGE.min, DENSITY_MESSAGE).max(DENSITY_RANGE.max, DENSITY_MESSAGE);

/**
 * Fuel a ship burnt: from a bunker delivery note or entered by hand, in tonnes or as litres with the density.
 * Linked to a voyage leg, it counts in the leg's EEOI and in each UTC year by the leg's share of that year;
 * without a leg it counts in the UTC year of its day (fuel burnt at berth, or a period's total).
 */
export const shipFuelEntrySchema = z
  .object({
    shipId: requiredRef(),
    // An id of voyage_legs, checked against the ship by server/ships/fuelEntryHooks.ts (legs are not a resource).
    legId: optionalRef(),
    fuel: z.enum(SHIP_FUELS, { error: RULE_MESSAGES.choose }),
    entryDay: isoDate(),
    tonnes: amount(),
    litres: amount(),
    densityKgM3: densityKgM3().nullable().default(null),
    source: z.enum(FUEL_ENTRY_SOURCES, { error: RULE_MESSAGES.choose }),
    bdnNumber: text({ error: RULE_MESSAGES.required }).trim().max(50, RULE_MESSAGES.tooLong).default(''),
    note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
  })
  .superRefine((entry, context) => {
    if (entry.tonnes !== null && entry.litres !== null)
      context.addIssue({ code: 'custom', path: ['litres'], message: 'Enter the tonnes or the litres, not both' });
    else if (entry.tonnes === null && entry.litres === null) context.addIssue({ code: 'custom', path: ['tonnes'], message: FUEL_AMOUNT_MESSAGE });
    else if (entry.litres !== null && entry.densityKgM3 === null)
      context.addIssue({ code: 'custom', path: ['densityKgM3'], message: 'Enter the density (kg/m³) that turns the litres into tonnes' });
    if (entry.source === 'bdn' && entry.bdnNumber === '')
      context.addIssue({ code: 'custom', path: ['bdnNumber'], message: 'A bunker delivery note entry needs the note’s number' });
  });

/** Tonnes of an entry: as entered, or litres × density (kg/m³ × m³ = kg; / 1000 = t). */
export function entryTonnes(entry: { tonnes: number | null; litres: number | null; densityKgM3: number | null }): number {
  if (entry.tonnes !== null) return entry.tonnes;
  return (((entry.litres ?? 0) / 1000) * (entry.densityKgM3 ?? 0)) / 1000;
}

export const shipFuelEntryResource = defineResource({
  name: 'shipFuelEntry',
  path: 'ship-fuel-entries',
  table: 'ship_fuel_entries',
  noun: 'Fuel entry',
  menu: SHIPS_MENU,
  screen: false,
  schema: shipFuelEntrySchema,
  fields: [
    { name: 'shipId', kind: 'ref', ref: 'ships' },
    { name: 'legId', kind: 'number', hideInList: true },
    { name: 'fuel', kind: 'enum', values: SHIP_FUELS },
    { name: 'entryDay', kind: 'date' },
    { name: 'tonnes', kind: 'number' },
    { name: 'litres', kind: 'number' },
    { name: 'densityKgM3', kind: 'number' },
    { name: 'source', kind: 'enum', values: FUEL_ENTRY_SOURCES },
    { name: 'bdnNumber', kind: 'text', search: true },
    { name: 'note', kind: 'multiline', search: true, hideInList: true },
  ],
  listFilters: [
    { name: 'shipId', kind: 'ref', ref: 'ships' },
    { name: 'fuel', kind: 'enum', values: SHIP_FUELS },
    { name: 'source', kind: 'enum', values: FUEL_ENTRY_SOURCES },
  ],
  orderBy: ['entryDay', 'id'],
  optionLabel: ['entryDay', 'fuel'],
  texts: shipFuelEntryTexts,
  sample: ({ mark, idOf }) => ({
    shipId: idOf('ships'),
    legId: null,
    fuel: 'hfo',
    entryDay: '2025-03-01',
    tonnes: 12.5,
    litres: null,
    densityKgM3: null,
    source: 'bdn',
    bdnNumber: `${mark}-BDN-1`,
    note: `${mark} note`,
  }),
});
