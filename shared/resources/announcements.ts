import { z } from 'zod';
import { multilineText } from '../schemas/text';
import { STORED_FILE_PATH_PREFIX } from '../schemas/files';
import { defineResource } from './defineResource';
import { announcementTexts } from './announcements.texts';
import { isoDate, requiredText, RULE_MESSAGES, sortNumber } from './rules';

/** '' (none) or a picture of this server's upload store: walls and the login page load it with <img>. */
const STORED_PICTURE = new RegExp(`^(${STORED_FILE_PATH_PREFIX.replace(/\//g, '\\/')}[0-9a-f]{64}\\.(png|jpg|webp|gif))?$`);

/**
 * Announcements: shown on the login page, as a banner on the console home and on walls (the
 * announcements widget) from the start day to the end day, both included, counted in TIME_ZONE.
 */
export const announcementSchema = z
  .object({
    title: requiredText(100),
    body: multilineText({ error: RULE_MESSAGES.required }).trim().max(2000, RULE_MESSAGES.tooLong).default(''),
    picture: z.string({ error: RULE_MESSAGES.picture }).regex(STORED_PICTURE, RULE_MESSAGES.picture).default(''),
    onLogin: z.boolean().default(false),
    onHome: z.boolean().default(true),
    onWalls: z.boolean().default(false),
    startsOn: isoDate(),
    endsOn: isoDate(),
    sort: sortNumber(),
  })
  .superRefine((value, context) => {
    if (!value.onLogin && !value.onHome && !value.onWalls) context.addIssue({ code: 'custom', path: ['onHome'], message: RULE_MESSAGES.audience });
    // Both are YYYY-MM-DD here (isoDate passed), so text order is calendar order.
    if (value.endsOn < value.startsOn) context.addIssue({ code: 'custom', path: ['endsOn'], message: RULE_MESSAGES.dateOrder });
  });

export const announcementResource = defineResource({
  name: 'announcement',
  path: 'announcements',
  table: 'announcements',
  menu: '/inquiry/adpost',
  screen: true,
  schema: announcementSchema,
  fields: [
    { name: 'title', kind: 'text', search: true },
    { name: 'body', kind: 'multiline', search: true, hideInList: true },
    { name: 'picture', kind: 'picture' },
    { name: 'onLogin', kind: 'flag' },
    { name: 'onHome', kind: 'flag' },
    { name: 'onWalls', kind: 'flag' },
    { name: 'startsOn', kind: 'date' },
    { name: 'endsOn', kind: 'date' },
    { name: 'sort', kind: 'number' },
  ],
  listFilters: [],
  orderBy: ['sort', 'id'],
  optionLabel: ['title'],
  texts: announcementTexts,
  sample: ({ mark }) => ({
    title: `${mark} notice`,
    body: `${mark} body`,
    picture: '',
    onLogin: false,
    onHome: true,
    onWalls: true,
    startsOn: '2000-01-01',
    endsOn: '2099-12-31',
    sort: 0,
  }),
});
