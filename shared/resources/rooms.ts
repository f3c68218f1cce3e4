import { z } from 'zod';
import { multilineText, text } from '../schemas/text';
import { defineResource } from './defineResource';
import { roomTexts } from './rooms.texts';
import { optionalRef, requiredText, RULE_MESSAGES } from './rules';

export const ROOM_AREA_MESSAGE = 'Area must be 0 or more (m²)';
/** A room is fed by a handful of meters (electricity, water, gas, a sub-meter or two), never hundreds. */
export const ROOM_METERS_MAX = 20;

const optionalText = (max: number) => text({ error: RULE_MESSAGES.required }).trim().max(max, RULE_MESSAGES.tooLong).default('');

export const roomSchema = z.object({
  code: requiredText(),
  building: optionalText(50),
  floor: optionalText(20),
  number: optionalText(20),
  area: z.number({ error: RULE_MESSAGES.number }).min(0, ROOM_AREA_MESSAGE).max(1_000_000, RULE_MESSAGES.tooLong).default(0),
  departmentId: optionalRef(),
  memberId: optionalRef(),
  meterIds: z
    .array(z.number({ error: RULE_MESSAGES.choose }).int().positive(RULE_MESSAGES.choose))
    .max(ROOM_METERS_MAX, RULE_MESSAGES.tooLong)
    .default([]),
  remark: multilineText({ error: RULE_MESSAGES.required }).trim().max(500, RULE_MESSAGES.tooLong).default(''),
});

/**
 * Rooms (/pay/room): what a prepaid account is opened for: where it is, its department and member, and the
 * meters feeding it now. `meterIds` is stored over time in room_meters by server/resources/hooks/rooms.ts:
 * a meter taken off ends its row, a meter added starts one, and a meter that fed another room is moved
 * (that room's row ends), so every hour is charged to the room the meter fed then.
 */
export const roomResource = defineResource({
  name: 'room',
  path: 'rooms',
  table: 'rooms',
  menu: '/pay/room',
  // /pay/room shows the rooms with their accounts (console/src/pages/prepaid/).
  screen: false,
  schema: roomSchema,
  fields: [
    { name: 'code', kind: 'text', unique: true, search: true },
    { name: 'building', kind: 'text', search: true },
    { name: 'floor', kind: 'text' },
    { name: 'number', kind: 'text', search: true },
    { name: 'area', kind: 'number' },
    { name: 'departmentId', kind: 'ref', ref: 'departments' },
    { name: 'memberId', kind: 'ref', ref: 'members' },
    // Stored in room_meters with from/to times (server/resources/hooks/rooms.ts).
    { name: 'meterIds', kind: 'refs', ref: 'meters' },
    { name: 'remark', kind: 'multiline', hideInList: true },
  ],
  listFilters: [
    { name: 'departmentId', kind: 'ref', ref: 'departments' },
    { name: 'memberId', kind: 'ref', ref: 'members' },
  ],
  orderBy: ['code'],
  optionLabel: ['code'],
  texts: roomTexts,
  sample: ({ mark, idOf }) => ({
    code: `${mark}-R1`,
    building: `${mark} block`,
    floor: '1',
    number: '101',
    area: 42.5,
    departmentId: idOf('departments'),
    memberId: idOf('members'),
    meterIds: [idOf('meters')].filter((id) => id !== null),
    remark: '',
  }),
});
