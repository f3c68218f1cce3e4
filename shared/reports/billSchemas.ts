import { z } from 'zod';
import { isoDate } from '../resources/rules';
import { text } from '../schemas/text';
import { BILL_FIELDS, type BillAnalysisState, type BillField } from './constants';
import type { BillAnalysisView } from './types';

/**
 * Utility-bill analysis: extraction templates (which label precedes which figure on a bill's text lines), the
 * analysis request and re-apply body, the shipped template presets and the answer views beyond types.ts.
 * Imported directly (not through shared/reports/index.ts).
 */

/** How the text after a label is read: a number (thousands separators, ¥, units ignored), a date, or one word. */
export const BILL_VALUE_PATTERNS = ['number', 'date', 'text'] as const;
export type BillValuePattern = (typeof BILL_VALUE_PATTERNS)[number];

/** The pattern a field is read with when its rule names none. */
export function defaultPatternOf(field: BillField): BillValuePattern {
  if (field === 'periodStart' || field === 'periodEnd') return 'date';
  if (field === 'account') return 'text';
  return 'number';
}

/** Time-of-use bands a bill may list, each with its energy, price and amount fields. */
export const BILL_BANDS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type BillBand = (typeof BILL_BANDS)[number];

/** Targets of the metered comparison. */
export const BILL_TARGET_SCOPES = ['meter', 'department'] as const;
export type BillTargetScope = (typeof BILL_TARGET_SCOPES)[number];

/** The English messages of the rules below; the console translates them by key (billAnalysis.rules.<key>). */
export const BILL_RULES = {
  label: 'Enter the text that stands before the value (at most 60 characters)',
  fieldTwice: 'This field already has a rule',
  atLeastOneField: 'Add at least one field',
  tooManyFields: `At most ${BILL_FIELDS.length} fields`,
  occurrence: 'The occurrence is a whole number from 1 to 20',
  tolerance: 'The tolerance is a percentage from 0 to 100',
  name: 'Enter a name (at most 80 characters)',
  utility: 'At most 80 characters',
  targetIds: 'Choose at least one (at most 200)',
  dateOrder: 'The end date must not be before the start date',
  periodPair: 'Give both dates of the period, or neither',
  templateId: 'Choose a template',
} as const;
export type BillRule = keyof typeof BILL_RULES;
export const billRuleOf = (message: string): BillRule | undefined => (Object.keys(BILL_RULES) as BillRule[]).find((rule) => BILL_RULES[rule] === message);

const r = BILL_RULES;
const tolerance = () => z.number({ error: r.tolerance }).min(0, r.tolerance).max(100, r.tolerance);

export const billFieldRuleSchema = z.object({
  field: z.enum(BILL_FIELDS),
  label: text({ error: r.label }).trim().min(1, r.label).max(60, r.label),
  pattern: z.enum(BILL_VALUE_PATTERNS).optional(),
  /** the n-th place the label appears (1 = the first), counted over all lines */
  occurrence: z.number({ error: r.occurrence }).int(r.occurrence).min(1, r.occurrence).max(20, r.occurrence).optional(),
});
export type BillFieldRule = z.infer<typeof billFieldRuleSchema>;

export const billRulesSchema = z
  .object({
    fields: z.array(billFieldRuleSchema).min(1, r.atLeastOneField).max(BILL_FIELDS.length, r.tooManyFields),
    /** the template's tolerance of the metered comparison, in percent (the request's wins) */
    tolerancePercent: tolerance().optional(),
  })
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.fields.forEach((rule, index) => {
      if (seen.has(rule.field)) ctx.addIssue({ code: 'custom', path: ['fields', index, 'field'], message: r.fieldTwice });
      seen.add(rule.field);
    });
  });
export type BillRules = z.infer<typeof billRulesSchema>;

/** POST /api/bill-templates, PUT /api/bill-templates/:id */
export const billTemplateBodySchema = z.object({
  name: text({ error: r.name }).trim().min(1, r.name).max(80, r.name),
  utility: text().trim().max(80, r.utility).default(''),
  rules: billRulesSchema,
});
export type BillTemplateBody = z.input<typeof billTemplateBodySchema>;

/** What the bill's energy is compared with: meters or departments of the caller's tree, over a period of local days. */
export const billTargetsSchema = z
  .object({
    scope: z.enum(BILL_TARGET_SCOPES),
    ids: z.array(z.number().int().positive()).min(1, r.targetIds).max(200, r.targetIds),
    /** absent: the bill's own periodStart / periodEnd */
    from: isoDate().optional(),
    to: isoDate().optional(),
    /** absent: the template's, else BILL_DEFAULT_TOLERANCE_PERCENT */
    tolerancePercent: tolerance().optional(),
  })
  .superRefine((targets, ctx) => {
    if ((targets.from === undefined) !== (targets.to === undefined)) ctx.addIssue({ code: 'custom', path: ['to'], message: r.periodPair });
    if (targets.from && targets.to && targets.from > targets.to) ctx.addIssue({ code: 'custom', path: ['to'], message: r.dateOrder });
  });
export type BillTargets = z.infer<typeof billTargetsSchema>;

/** The fields of POST /api/bill-analyses besides the PDF (multipart: `templateId`, `targets` as JSON text, `file`). */
export const billAnalysisRequestSchema = z.object({
  templateId: z.coerce.number({ error: r.templateId }).int().positive(r.templateId),
  targets: billTargetsSchema.nullable().default(null),
});
export type BillAnalysisRequest = z.input<typeof billAnalysisRequestSchema>;

/** PUT /api/bill-analyses/:id: re-apply with another template, adjusted rules (not saved to the template) or other targets. */
export const billReapplySchema = z.object({
  templateId: z.number().int().positive(r.templateId).optional(),
  rules: billRulesSchema.optional(),
  /** null: no comparison */
  targets: billTargetsSchema.nullable().optional(),
});
export type BillReapply = z.input<typeof billReapplySchema>;

export const billAnalysisListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  state: z.enum(['ok', 'flagged', 'noText', 'incomplete']).optional(),
});
export type BillAnalysisListQuery = z.input<typeof billAnalysisListQuerySchema>;

/** GET /api/bill-templates */
export interface BillTemplateView {
  id: number;
  name: string;
  utility: string;
  rules: BillRules;
  createdAt: number;
  updatedAt: number;
}

/** A row of GET /api/bill-analyses: the view plus what the list shows beside it. */
export interface BillAnalysisSummary extends BillAnalysisView {
  templateName: string | null;
  utility: string;
  /** the bill's own period (periodStart/periodEnd as read), or null */
  period: { from: string | null; to: string | null };
  /** totalAmount as read (major units), or null */
  totalAmount: number | null;
  sizeBytes: number;
}

/** GET /api/bill-analyses/:id: the summary with the PDF's text lines (1-based `line` numbers index them) and the targets. */
export interface BillAnalysisDetail extends BillAnalysisSummary {
  lines: string[];
  /** the rules the analysis was made with (the template's, or adjusted ones) */
  rules: BillRules | null;
  targets: BillTargets | null;
}

export type { BillAnalysisState };

/**
 * Shipped template presets the console offers when creating a template: a State Grid-style Chinese bill
 * (国网: 户号, 账期 …至…, 尖/峰/平/谷 电量, 电价, 电费, 基本电费, 合计) and an English one. Labels are the text
 * before each value on its line.
 */
export const BILL_TEMPLATE_PRESETS: readonly { key: 'stateGridZh' | 'englishUtility'; name: string; utility: string; rules: BillRules }[] = [
  {
    key: 'stateGridZh',
    name: '国网电费通知单',
    utility: '国家电网',
    rules: {
      fields: [
        { field: 'account', label: '户号' },
        { field: 'periodStart', label: '账期' },
        { field: 'periodEnd', label: '至' },
        { field: 'sharpEnergy', label: '尖电量' },
        { field: 'sharpPrice', label: '尖电价' },
        { field: 'sharpAmount', label: '尖电费' },
        { field: 'peakEnergy', label: '峰电量' },
        { field: 'peakPrice', label: '峰电价' },
        { field: 'peakAmount', label: '峰电费' },
        { field: 'flatEnergy', label: '平电量' },
        { field: 'flatPrice', label: '平电价' },
        { field: 'flatAmount', label: '平电费' },
        { field: 'valleyEnergy', label: '谷电量' },
        { field: 'valleyPrice', label: '谷电价' },
        { field: 'valleyAmount', label: '谷电费' },
        { field: 'totalEnergy', label: '总电量' },
        { field: 'demandCharge', label: '基本电费' },
        { field: 'totalAmount', label: '合计' },
      ],
    },
  },
  {
    key: 'englishUtility',
    name: 'Electricity bill (English)',
    utility: 'Electric utility',
    rules: {
      fields: [
        { field: 'account', label: 'Account number' },
        { field: 'periodStart', label: 'Billing period' },
        { field: 'periodEnd', label: 'to' },
        { field: 'peakEnergy', label: 'Peak energy' },
        { field: 'peakPrice', label: 'Peak price' },
        { field: 'peakAmount', label: 'Peak charge' },
        { field: 'flatEnergy', label: 'Shoulder energy' },
        { field: 'flatPrice', label: 'Shoulder price' },
        { field: 'flatAmount', label: 'Shoulder charge' },
        { field: 'valleyEnergy', label: 'Off-peak energy' },
        { field: 'valleyPrice', label: 'Off-peak price' },
        { field: 'valleyAmount', label: 'Off-peak charge' },
        { field: 'totalEnergy', label: 'Total energy' },
        { field: 'demandCharge', label: 'Demand charge' },
        { field: 'totalAmount', label: 'Amount due' },
      ],
    },
  },
];
