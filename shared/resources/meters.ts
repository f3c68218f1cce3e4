import { z } from 'zod';
import { defineResource } from './defineResource';
import { RULE_MESSAGES, isoDate, optionalRef, positiveNumber, requiredText } from './rules';
import { meterTexts } from './meters.texts';

export const ENERGY_TYPES = ['electricity', 'water', 'gas'] as const;
export type EnergyType = (typeof ENERGY_TYPES)[number];

export const meterSchema = z.object({
  code: requiredText(),
  name: requiredText(),
  gatewayId: optionalRef(),
  departmentId: optionalRef(),
  subitemId: optionalRef(),
  energyType: z.enum(ENERGY_TYPES, { error: RULE_MESSAGES.choose }),
  unit: requiredText(16),
  ctRatio: positiveNumber(1),
  ptRatio: positiveNumber(1),
  registerMax: positiveNumber(99_999_999),
  ratedPowerKw: positiveNumber(1000),
  isMain: z.boolean().default(false),
  installDate: isoDate().nullable().default(null),
  tagIds: z.array(z.number().int().positive()).max(50).default([]),
});

export const meterResource = defineResource({
  name: 'meter',
  path: 'meters',
  table: 'meters',
  menu: '/base/device',
  schema: meterSchema,
  fields: [
    { name: 'code', kind: 'text', unique: true, search: true },
    { name: 'name', kind: 'text', search: true },
    { name: 'energyType', kind: 'enum', values: ENERGY_TYPES },
    { name: 'unit', kind: 'text', hideInList: true },
    { name: 'departmentId', kind: 'ref', ref: 'departments' },
    { name: 'gatewayId', kind: 'ref', ref: 'gateways' },
    { name: 'subitemId', kind: 'ref', ref: 'subitems', hideInList: true },
    { name: 'ctRatio', kind: 'number' },
    { name: 'ptRatio', kind: 'number', hideInList: true },
    { name: 'registerMax', kind: 'number', hideInList: true },
    { name: 'ratedPowerKw', kind: 'number', hideInList: true },
    { name: 'isMain', kind: 'flag' },
    { name: 'installDate', kind: 'date', hideInList: true },
    // Stored in meter_tags (server/resources/hooks/meters.ts).
    { name: 'tagIds', kind: 'refs', ref: 'tags', hideInList: true },
    { name: 'online', kind: 'flag', readOnly: true },
    { name: 'lastSeenAt', kind: 'time', readOnly: true, hideInList: true },
  ],
  listFilters: [
    { name: 'energyType', kind: 'enum', values: ENERGY_TYPES },
    { name: 'departmentId', kind: 'ref', ref: 'departments' },
    { name: 'online', kind: 'flag' },
  ],
  orderBy: ['code'],
  optionLabel: ['code', 'name'],
  texts: meterTexts,
  sample: ({ mark, idOf }) => ({
    code: `${mark}-M1`,
    name: `${mark} incomer`,
    gatewayId: idOf('gateways'),
    departmentId: idOf('departments'),
    subitemId: idOf('subitems'),
    energyType: 'electricity',
    unit: 'kWh',
    ctRatio: 1,
    ptRatio: 1,
    registerMax: 99_999_999,
    ratedPowerKw: 10,
    tagIds: [idOf('tags')].filter((id) => id !== null),
  }),
});
