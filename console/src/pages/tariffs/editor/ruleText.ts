import type { TFunction } from 'i18next';
import { CURRENCY_MESSAGE, DAY_MESSAGE } from '@shared/schemas/tariffs';
import { BAND_TYPES, type BandType, type DayType } from '@shared/tariffs';
import { BAND_LABELS } from '@shared/tariffs/tariffRules';
import { keyText, type FieldIssue } from '../../../forms/fieldErrors';

/**
 * The wording of tariff rule findings in the reader's language. The rules (shared/tariffs/tariffRules.ts)
 * and the server speak English sentences; each known sentence is matched here and said again from the
 * `tariffs.rules.*` catalogue with its figures, season names and times kept. A sentence not known here is
 * shown as sent (console/src/forms keyText: a catalogue key, else the text itself), so a new rule is never
 * hidden, only untranslated until it gets a line below. ruleText.test.ts runs every rule through this.
 */

const DAY_TYPE_BY_LABEL: Record<string, DayType> = { Workday: 'workday', Weekend: 'weekend', Holiday: 'holiday', 'Special day': 'special' };
const BAND_BY_LABEL = Object.fromEntries(BAND_TYPES.map((band) => [BAND_LABELS[band], band])) as Record<string, BandType>;
const DAY_TYPE_PATTERN = Object.keys(DAY_TYPE_BY_LABEL).join('|');
const BAND_PATTERN = Object.keys(BAND_BY_LABEL).join('|');

type Vars = Record<string, string>;
interface Sentence {
  pattern: RegExp;
  key: string;
  vars(match: RegExpMatchArray, t: TFunction): Vars;
}

const dayType = (t: TFunction, label: string | undefined) => t(`tariffs.dayType.${DAY_TYPE_BY_LABEL[label ?? ''] ?? 'workday'}`);
const band = (t: TFunction, label: string | undefined) => t(`tariffs.band.${BAND_BY_LABEL[label ?? ''] ?? 'flat'}`);

const SENTENCES: Sentence[] = [
  { pattern: /^Two seasons are named (.+)$/, key: 'seasonNameTwice', vars: (m) => ({ name: m[1]! }) },
  {
    pattern: new RegExp(`^(${DAY_TYPE_PATTERN}) band (\\S+)–(\\S+) of season (.+) starts and ends at the same time$`),
    key: 'sameTime',
    vars: (m, t) => ({ dayType: dayType(t, m[1]), from: m[2]!, to: m[3]!, season: m[4]! }),
  },
  {
    pattern: new RegExp(`^(${DAY_TYPE_PATTERN}) bands of season (.+) leave (\\S+) uncovered$`),
    key: 'uncovered',
    vars: (m, t) => ({ dayType: dayType(t, m[1]), season: m[2]!, run: m[3]! }),
  },
  {
    pattern: new RegExp(`^(${DAY_TYPE_PATTERN}) bands of season (.+) overlap at (\\S+)$`),
    key: 'overlap',
    vars: (m, t) => ({ dayType: dayType(t, m[1]), season: m[2]!, run: m[3]! }),
  },
  { pattern: /^Month (\d+) is listed twice in season (.+)$/, key: 'monthTwice', vars: (m, t) => ({ month: t(`tariffs.month.m${m[1]!}`), season: m[2]! }) },
  { pattern: /^Month (\d+) is in no season$/, key: 'monthNone', vars: (m, t) => ({ month: t(`tariffs.month.m${m[1]!}`) }) },
  {
    pattern: /^Month (\d+) is in (?:both )?(.+)$/,
    key: 'monthMany',
    vars: (m, t) => ({ month: t(`tariffs.month.m${m[1]!}`), names: m[2]!.replace(/,? and /g, ', ') }),
  },
  { pattern: /^The price (.*) is not a number of at least 0$/, key: 'priceNegative', vars: (m) => ({ price: m[1]! }) },
  {
    pattern: new RegExp(`^(${BAND_PATTERN}) is used in season (.+) but has no price$`),
    key: 'noPrice',
    vars: (m, t) => ({ band: band(t, m[1]), season: m[2]! }),
  },
  {
    pattern: /^Tier (\d+) starts at (\S+) units, not above tier (\d+) \((\S+) units\)$/,
    key: 'tierOrder',
    vars: (m) => ({ n: m[1]!, units: m[2]!, m: m[3]!, before: m[4]! }),
  },
  { pattern: /^The peak:valley price ratio is (\S+):1, under the (\d+):1 national guidance$/, key: 'ratio', vars: (m) => ({ ratio: m[1]!, guidance: m[2]! }) },
  {
    pattern: /^The peak:valley price ratio of season (.+) is (\S+):1, under the (\d+):1 national guidance$/,
    key: 'ratioSeason',
    vars: (m) => ({ season: m[1]!, ratio: m[2]!, guidance: m[3]! }),
  },
  { pattern: /^Enter a price with at most 6 decimals$/, key: 'price', vars: () => ({}) },
  { pattern: /^Enter a time on the quarter hour \(HH:MM\)$/, key: 'quarter', vars: () => ({}) },
  { pattern: new RegExp(`^${DAY_MESSAGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), key: 'day', vars: () => ({}) },
  { pattern: /^The last day must not be before the first day$/, key: 'lastBeforeFirst', vars: () => ({}) },
  { pattern: new RegExp(`^${CURRENCY_MESSAGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), key: 'currency', vars: () => ({}) },
  { pattern: /^required$/i, key: 'required', vars: () => ({}) },
];

/** Fields whose zod default messages ("Too small: expected …") are said by what the field needs. */
const FIELD_NEEDS: [RegExp, string][] = [
  [/(^|\.)seasons\.\d+\.name$/, 'seasonName'],
  [/(^|\.)seasons\.\d+\.months$/, 'monthsEmpty'],
  [/(^|\.)tiers\.\d+\.fromUnits$/, 'units'],
  [/(^|\.)seasons$/, 'seasonsCount'],
  [/(^|\.)tiers$/, 'tiersCount'],
  [/(^|\.)layouts\.\w+$/, 'layoutEmpty'],
  [/(^|\.)(from|to)$/, 'quarter'],
  [/^(validFrom|validTo)$/, 'day'],
];

/** One rule sentence (or field issue) in the reader's language. */
export function ruleText(t: TFunction, issue: Pick<FieldIssue, 'field' | 'message'>): string {
  const message = issue.message.trim();
  for (const sentence of SENTENCES) {
    const match = message.match(sentence.pattern);
    if (match) return t(`tariffs.rules.${sentence.key}`, sentence.vars(match, t));
  }
  if (/^(Too small|Too big|Invalid input|Required)/.test(message)) {
    const need = FIELD_NEEDS.find(([pattern]) => pattern.test(issue.field));
    if (need) return t(`tariffs.rules.${need[1]}`);
  }
  return keyText(t, message);
}
