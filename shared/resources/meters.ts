import { z } from 'zod';
import { defineResource } from './defineResource';
import { RULE_MESSAGES, isoDate, optionalRef, positiveNumber, requiredText } from './rules';

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
  menu: '/base/device',
  schema: meterSchema,
  fields: [
    { name: 'code', kind: 'text' },
    { name: 'name', kind: 'text' },
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
    { name: 'tagIds', kind: 'refs', ref: 'tags', hideInList: true },
    { name: 'online', kind: 'flag', readOnly: true },
    { name: 'lastSeenAt', kind: 'time', readOnly: true, hideInList: true },
  ],
  listFilters: [
    { name: 'energyType', kind: 'enum', values: ENERGY_TYPES },
    { name: 'departmentId', kind: 'ref', ref: 'departments' },
    { name: 'online', kind: 'flag' },
  ],
});
