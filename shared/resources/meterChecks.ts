import { z } from 'zod';
import { multilineText, text } from '../schemas/text';
import { STORED_FILE_PATH_PREFIX } from '../schemas/files';
import { defineResource } from './defineResource';
import { meterCheckTexts } from './meterChecks.texts';
import { isoDate, requiredRef, RULE_MESSAGES } from './rules';

export const METER_CHECK_KINDS = ['calibration', 'repair', 'replacement'] as const;
export type MeterCheckKind = (typeof METER_CHECK_KINDS)[number];
export const METER_CHECK_RESULTS = ['pass', 'fail', 'repaired', 'replaced'] as const;
export type MeterCheckResult = (typeof METER_CHECK_RESULTS)[number];

/** '' (none) or a picture of this server's upload store (the certificate is shown with <img>). */
const STORED_PICTURE = new RegExp(`^(${STORED_FILE_PATH_PREFIX.replace(/\//g, '\\/')}[0-9a-f]{64}\\.(png|jpg|webp|gif))?$`);

export const NEXT_DUE_ORDER_MESSAGE = 'The next check must be due after the check day';

/**
 * Meter checks and repairs (/settlement/checkRepair): a calibration, repair or replacement of one meter on a
 * day, who did it, the result, the certificate picture and when the next check is due. A replacement's
 * energy side (crediting the old meter's last stretch) is recorded with the existing replacement mechanism
 * (base/device, POST /api/meters/:id/replacements), which the screen offers beside a replacement row. The
 * latest check of a meter whose next due day has passed raises a reminder alarm (server/meterChecks/).
 */
export const meterCheckSchema = z
  .object({
    meterId: requiredRef(),
    kind: z.enum(METER_CHECK_KINDS, { error: RULE_MESSAGES.choose }),
    checkDay: isoDate(),
    checkedBy: text({ error: RULE_MESSAGES.required }).trim().max(100, RULE_MESSAGES.tooLong).default(''),
    result: z.enum(METER_CHECK_RESULTS, { error: RULE_MESSAGES.choose }),
    certificate: z.string({ error: RULE_MESSAGES.picture }).regex(STORED_PICTURE, RULE_MESSAGES.picture).default(''),
    nextDue: isoDate().nullable().default(null),
    note: multilineText({ error: RULE_MESSAGES.required }).trim().max(1000, RULE_MESSAGES.tooLong).default(''),
  })
  .superRefine((value, context) => {
    // Both are YYYY-MM-DD here (isoDate passed), so text order is calendar order.
    if (value.nextDue !== null && value.nextDue <= value.checkDay) context.addIssue({ code: 'custom', path: ['nextDue'], message: NEXT_DUE_ORDER_MESSAGE });
  });

export const meterCheckResource = defineResource({
  name: 'meterCheck',
  path: 'meter-checks',
  table: 'meter_checks',
  noun: 'meter check',
  menu: '/settlement/checkRepair',
  // The screen adds "record the replacement" to replacement rows (console/src/pages/meterChecks/).
  screen: false,
  schema: meterCheckSchema,
  fields: [
    { name: 'meterId', kind: 'ref', ref: 'meters' },
    { name: 'kind', kind: 'enum', values: METER_CHECK_KINDS },
    { name: 'checkDay', kind: 'date' },
    { name: 'checkedBy', kind: 'text', search: true },
    { name: 'result', kind: 'enum', values: METER_CHECK_RESULTS },
    { name: 'certificate', kind: 'picture' },
    { name: 'nextDue', kind: 'date' },
    { name: 'note', kind: 'multiline', search: true, hideInList: true },
  ],
  listFilters: [
    { name: 'meterId', kind: 'ref', ref: 'meters' },
    { name: 'kind', kind: 'enum', values: METER_CHECK_KINDS },
    { name: 'result', kind: 'enum', values: METER_CHECK_RESULTS },
  ],
  orderBy: ['checkDay', 'id'],
  optionLabel: ['checkDay', 'kind'],
  texts: meterCheckTexts,
  sample: ({ mark, idOf }) => ({
    meterId: idOf('meters'),
    kind: 'calibration',
    checkDay: '2026-01-15',
    checkedBy: `${mark} lab`,
    result: 'pass',
    certificate: '',
    nextDue: '2027-01-15',
    note: `${mark} note`,
  }),
});
