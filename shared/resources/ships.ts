import { z } from 'zod';
import { multilineText, text } from '../schemas/text';
import { CAPACITY_KIND, SHIP_TYPES } from '../ships/shipTypes';
import { imoCheckDigitOk, imoNumberSchema } from '../ships/schemas';
import { SHIPS_MENU } from '../ships/api';
import { defineResource } from './defineResource';
import { RULE_MESSAGES, requiredText } from './rules';
import { shipTexts } from './ships.texts';

const tonnage = () => z.number({ error: RULE_MESSAGES.number }).min(0, 'Must not be negative').max(1_000_000, 'At most 1000000').default(0);

/**
 * A ship of the fleet (/energy-efficiency-management/ship-energy-consumption): its IMO number (check digit
 * verified), CII ship type and tonnage. The CII divides by DWT or GT by type (shared/ships/shipTypes.ts), so that
 * one must be above 0. The ships console renders the list itself (screen: false).
 */
export const shipSchema = z
  .object({
    imoNumber: imoNumberSchema(),
    name: requiredText(80),
    shipType: z.enum(SHIP_TYPES, { error: RULE_MESSAGES.choose }),
    dwt: tonnage(),
    gt: tonnage(),
    flag: text({ error: RULE_MESSAGES.required }).trim().max(50, RULE_MESSAGES.tooLong).default(''),
    yearBuilt: z
      .number({ error: RULE_MESSAGES.number })
      .int(RULE_MESSAGES.integer)
      .min(1900, 'Must be 1900 or later')
      .max(2100, 'Must be 2100 or earlier')
      .nullable()
      .default(null),
    note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
  })
  .superRefine((ship, context) => {
    const kind = CAPACITY_KIND[ship.shipType];
    if (ship[kind] <= 0)
      context.addIssue({
        code: 'custom',
        path: [kind],
        message: `A ${ship.shipType.replace(/_/g, ' ')}'s CII divides by its ${kind === 'dwt' ? 'deadweight (DWT)' : 'gross tonnage (GT)'}: enter it (above 0)`,
      });
  });

/** A valid IMO number made from a text, so every tree's sample ship has its own. */
export function sampleImoNumber(seed: string): string {
  let hash = 7;
  for (const character of seed) hash = (hash * 31 + character.charCodeAt(0)) % 900_000;
  const six = String(100_000 + hash);
  for (let digit = 0; digit <= 9; digit++) if (imoCheckDigitOk(`${six}${digit}`)) return `${six}${digit}`;
  return '9074729';
}

export const shipResource = defineResource({
  name: 'ship',
  path: 'ships',
  table: 'ships',
  noun: 'Ship',
  menu: SHIPS_MENU,
  // The ships console shows the list with its ratings and tabs (console/src/pages/ships/).
  screen: false,
  schema: shipSchema,
  fields: [
    { name: 'imoNumber', kind: 'text', unique: true, search: true },
    { name: 'name', kind: 'text', search: true },
    { name: 'shipType', kind: 'enum', values: SHIP_TYPES },
    { name: 'dwt', kind: 'number' },
    { name: 'gt', kind: 'number' },
    { name: 'flag', kind: 'text' },
    { name: 'yearBuilt', kind: 'number' },
    { name: 'note', kind: 'multiline', search: true, hideInList: true },
  ],
  listFilters: [{ name: 'shipType', kind: 'enum', values: SHIP_TYPES }],
  orderBy: ['name', 'id'],
  optionLabel: ['name'],
  texts: shipTexts,
  sample: ({ mark }) => ({
    imoNumber: sampleImoNumber(mark),
    name: `${mark} Star`,
    shipType: 'bulk_carrier',
    dwt: 63_500,
    gt: 36_000,
    flag: `${mark} flag`,
    yearBuilt: 2015,
    note: `${mark} note`,
  }),
});
