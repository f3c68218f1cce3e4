import { sql, type Kysely } from 'kysely';
import {
  BILL_BANDS,
  billRulesSchema,
  billTargetsSchema,
  type BillAnalysisDetail,
  type BillAnalysisSummary,
  type BillReapply,
  type BillRules,
  type BillTargets,
  type BillTemplateView,
  type billAnalysisListQuerySchema,
  type billTemplateBodySchema,
} from '@shared/reports/billSchemas';
import { BILL_DEFAULT_TOLERANCE_PERCENT, type BillAnalysisState, type BillField } from '@shared/reports/constants';
import type { BillAnalysisView } from '@shared/reports/types';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError, validationError } from '../../http/appError';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import { extractPdfText } from '../pdf/pdfText';
import { applyTemplate, type FoundField } from './applyTemplate';
import { checkBill, type BillCheck, type BillFigures } from './checkBill';
import { assertTargetsInTree, compareMetered } from './compareMetered';

type Comparison = NonNullable<BillAnalysisView['comparison']>;

/** What bill_analyses.result holds. */
interface StoredResult {
  fields: FoundField[];
  checks: BillCheck[];
  comparison: Comparison | null;
  missing?: BillField[];
  rules?: BillRules | null;
}

export interface Evaluation {
  state: BillAnalysisState;
  result: StoredResult;
}

type TemplateBody = z.output<typeof billTemplateBodySchema>;
type ListQuery = z.output<typeof billAnalysisListQuerySchema>;

const parseTargets = (stored: string): BillTargets | null => {
  const parsed = billTargetsSchema.safeParse(JSON.parse(stored || 'null'));
  return parsed.success ? parsed.data : null;
};
const parseRules = (stored: string): BillRules | null => {
  const parsed = billRulesSchema.safeParse(JSON.parse(stored || 'null'));
  return parsed.success ? parsed.data : null;
};

/**
 * Utility-bill analysis: extraction templates of a tree, and analyses of uploaded bill PDFs (text read with pdf.js,
 * fields by the template's label rules, the bill's own arithmetic, and its energy against the metered energy of
 * chosen meters or departments). The PDF and its text lines are kept, so an analysis can be re-applied with an
 * adjusted template without uploading again.
 */
export class BillAnalyses {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- templates ----

  async listTemplates(scope: OwnerScope): Promise<BillTemplateView[]> {
    const owners = ownerIds(scope);
    let query = this.db.selectFrom('bill_templates').selectAll().orderBy('name').orderBy('id');
    if (owners) query = query.where('owner_user_id', 'in', owners);
    return (await query.execute()).map((row) => ({
      id: Number(row.id),
      name: row.name,
      utility: row.utility,
      rules: parseRules(row.rules) ?? { fields: [] },
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
  }

  async createTemplate(scope: OwnerScope, body: TemplateBody, now = Date.now()): Promise<BillTemplateView> {
    const row = await this.db
      .insertInto('bill_templates')
      .values({ owner_user_id: scope.home, name: body.name, utility: body.utility, rules: JSON.stringify(body.rules), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), name: body.name, utility: body.utility, rules: body.rules, createdAt: now, updatedAt: now };
  }

  /** The route's tenancy hook has checked the id against the caller's tree. */
  async updateTemplate(id: number, body: TemplateBody, now = Date.now()): Promise<BillTemplateView> {
    const row = await this.db
      .updateTable('bill_templates')
      .set({ name: body.name, utility: body.utility, rules: JSON.stringify(body.rules), updated_at: now })
      .where('id', '=', id)
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id, name: body.name, utility: body.utility, rules: body.rules, createdAt: Number(row.created_at), updatedAt: now };
  }

  /** Analyses made with it keep their result; they only lose the link to the template. */
  async removeTemplate(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('bill_analyses').set({ template_id: null }).where('template_id', '=', id).execute();
      await trx.deleteFrom('bill_templates').where('id', '=', id).execute();
    });
  }

  private async templateInScope(scope: OwnerScope, id: number, field: string): Promise<{ id: number; rules: BillRules }> {
    const owners = ownerIds(scope);
    let query = this.db.selectFrom('bill_templates').select(['id', 'rules']).where('id', '=', id);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    const row = await query.executeTakeFirst();
    if (!row) throw validationError([{ field, rule: 'custom', message: `No template with id ${id}` }]);
    return { id: Number(row.id), rules: parseRules(row.rules) ?? { fields: [] } };
  }

  // ---- analyses ----

  /** Reads an uploaded PDF and analyses it with a template of the caller's tree. */
  async analyse(
    scope: OwnerScope,
    userId: number,
    upload: { fileName: string; bytes: Buffer; templateId: number; targets: BillTargets | null },
    now = Date.now(),
  ): Promise<BillAnalysisDetail> {
    const template = await this.templateInScope(scope, upload.templateId, 'templateId');
    if (upload.targets) await this.assertTargets(scope, upload.targets);
    let lines: string[];
    let hasText: boolean;
    try {
      const text = await extractPdfText(upload.bytes);
      lines = text.pages.flat();
      hasText = text.hasText;
    } catch {
      throw new AppError('PDF_UNREADABLE');
    }
    const evaluation = await this.evaluate(scope, hasText ? lines : [], template.rules, upload.targets);
    const row = await this.db
      .insertInto('bill_analyses')
      .values({
        owner_user_id: scope.home,
        template_id: template.id,
        file_name: upload.fileName,
        pdf: upload.bytes,
        text: hasText ? lines.join('\n') : '',
        state: evaluation.state,
        result: JSON.stringify(evaluation.result),
        targets: JSON.stringify(upload.targets),
        created_by: userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.get(Number(row.id));
  }

  /** Evaluates the stored text again: another template, rules adjusted beside the text (not saved), other targets. */
  async reapply(scope: OwnerScope, id: number, body: BillReapply): Promise<BillAnalysisDetail> {
    const row = await this.db.selectFrom('bill_analyses').select(['template_id', 'text', 'targets']).where('id', '=', id).executeTakeFirstOrThrow();
    const templateId = body.templateId ?? row.template_id;
    const template = templateId === null ? null : await this.templateInScope(scope, templateId, 'templateId');
    const rules = body.rules ? billRulesSchema.parse(body.rules) : template?.rules;
    if (!rules) throw validationError([{ field: 'templateId', rule: 'custom', message: 'Choose a template or give the rules' }]);
    const targets = body.targets === undefined ? parseTargets(row.targets) : body.targets === null ? null : billTargetsSchema.parse(body.targets);
    if (targets) await this.assertTargets(scope, targets);
    const lines = row.text === '' ? [] : row.text.split('\n');
    const evaluation = await this.evaluate(scope, lines, rules, targets);
    await this.db
      .updateTable('bill_analyses')
      .set({ template_id: template?.id ?? null, state: evaluation.state, result: JSON.stringify(evaluation.result), targets: JSON.stringify(targets) })
      .where('id', '=', id)
      .execute();
    return this.get(id);
  }

  /** Checked before the PDF is read, so a refused target never leaves a stored analysis. */
  private async assertTargets(scope: OwnerScope, targets: BillTargets): Promise<void> {
    await assertTargetsInTree(this.db, ownerIds(scope), targets.scope, targets.ids);
  }

  /** Fields, checks, the metered comparison and the state, from the text lines (none: a PDF without text). */
  async evaluate(scope: OwnerScope, lines: readonly string[], rules: BillRules, targets: BillTargets | null): Promise<Evaluation> {
    if (!lines.some((line) => line.trim() !== '')) {
      return { state: 'noText', result: { fields: [], checks: [], comparison: null, missing: rules.fields.map((rule) => rule.field), rules } };
    }
    const applied = applyTemplate(lines, rules);
    const figures: BillFigures = {};
    const texts: Partial<Record<BillField, string>> = {};
    for (const found of applied.fields) {
      texts[found.field] = found.text;
      if (found.value !== null) figures[found.field] = found.value;
    }
    const checks = checkBill(figures);
    const comparison = targets ? await this.compare(scope, targets, figures, texts, rules) : null;
    const failed = checks.some((check) => !check.ok) || comparison?.ok === false;
    const state: BillAnalysisState = failed ? 'flagged' : applied.missing.length > 0 || (comparison !== null && comparison.ok === null) ? 'incomplete' : 'ok';
    return { state, result: { fields: applied.fields, checks, comparison, missing: applied.missing, rules } };
  }

  private async compare(
    scope: OwnerScope,
    targets: BillTargets,
    figures: BillFigures,
    texts: Partial<Record<BillField, string>>,
    rules: BillRules,
  ): Promise<Comparison> {
    const tolerancePercent = targets.tolerancePercent ?? rules.tolerancePercent ?? BILL_DEFAULT_TOLERANCE_PERCENT;
    const from = targets.from ?? texts.periodStart;
    const to = targets.to ?? texts.periodEnd;
    const period = from && to && from <= to ? { from, to } : null;
    const bandEnergies = BILL_BANDS.map((band) => figures[`${band}Energy`]).filter((energy): energy is number => energy !== undefined);
    const billed = figures.totalEnergy ?? (bandEnergies.length ? bandEnergies.reduce((sum, energy) => sum + energy, 0) : null);
    const base = { scope: targets.scope, ids: [...targets.ids], period, billed, tolerancePercent };
    if (!period) return { ...base, metered: null, differencePercent: null, ok: null };
    const { energy: metered } = await compareMetered(this.db, ownerIds(scope), scope.home, { scope: targets.scope, ids: targets.ids, ...period });
    const differencePercent = billed === null || billed === 0 ? null : ((metered - billed) / billed) * 100;
    return { ...base, metered, differencePercent, ok: differencePercent === null ? null : Math.abs(differencePercent) <= tolerancePercent };
  }

  async list(scope: OwnerScope, query: ListQuery): Promise<{ total: number; rows: BillAnalysisSummary[] }> {
    const owners = ownerIds(scope);
    let counted = this.db.selectFrom('bill_analyses').select((eb) => eb.fn.countAll<number>().as('n'));
    let page = this.summaries();
    if (owners) {
      counted = counted.where('owner_user_id', 'in', owners);
      page = page.where('bill_analyses.owner_user_id', 'in', owners);
    }
    if (query.state) {
      counted = counted.where('state', '=', query.state);
      page = page.where('bill_analyses.state', '=', query.state);
    }
    const count = await counted.executeTakeFirst();
    const rows = await page
      .orderBy('bill_analyses.created_at', 'desc')
      .orderBy('bill_analyses.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(count?.n ?? 0), rows: rows.map((row) => this.summaryOf(row)) };
  }

  async get(id: number): Promise<BillAnalysisDetail> {
    const row = await this.summaries().select(['bill_analyses.text', 'bill_analyses.targets']).where('bill_analyses.id', '=', id).executeTakeFirstOrThrow();
    const summary = this.summaryOf(row);
    const result = JSON.parse(row.result) as StoredResult;
    return { ...summary, lines: row.text === '' ? [] : row.text.split('\n'), rules: result.rules ?? null, targets: parseTargets(row.targets) };
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('bill_analyses').where('id', '=', id).execute();
  }

  /** The stored PDF as uploaded. */
  async pdf(id: number): Promise<{ fileName: string; bytes: Buffer }> {
    const row = await this.db.selectFrom('bill_analyses').select(['file_name', 'pdf']).where('id', '=', id).executeTakeFirstOrThrow();
    return { fileName: row.file_name, bytes: Buffer.from(row.pdf) };
  }

  private summaries() {
    return this.db
      .selectFrom('bill_analyses')
      .leftJoin('bill_templates', 'bill_templates.id', 'bill_analyses.template_id')
      .leftJoin('users', 'users.id', 'bill_analyses.created_by')
      .select([
        'bill_analyses.id',
        'bill_analyses.file_name',
        'bill_analyses.template_id',
        'bill_analyses.state',
        'bill_analyses.result',
        'bill_analyses.created_at',
        'bill_templates.name as template_name',
        'bill_templates.utility',
        'users.username',
        sql<number>`length(bill_analyses.pdf)`.as('size_bytes'),
      ]);
  }

  private summaryOf(row: {
    id: number;
    file_name: string;
    template_id: number | null;
    state: string;
    result: string;
    created_at: number;
    template_name: string | null;
    utility: string | null;
    username: string | null;
    size_bytes: number;
  }): BillAnalysisSummary {
    const result = JSON.parse(row.result) as StoredResult;
    const fields = result.fields ?? [];
    const textOf = (field: BillField) => fields.find((found) => found.field === field)?.text ?? null;
    const total = fields.find((found) => found.field === 'totalAmount')?.value ?? null;
    return {
      id: Number(row.id),
      fileName: row.file_name,
      templateId: row.template_id === null ? null : Number(row.template_id),
      state: row.state as BillAnalysisState,
      fields: fields.map((found) => ({ field: found.field, text: found.text, value: found.value, line: found.line })),
      checks: result.checks ?? [],
      comparison: result.comparison ?? null,
      createdBy: row.username ?? '',
      createdAt: Number(row.created_at),
      templateName: row.template_name,
      utility: row.utility ?? '',
      period: { from: textOf('periodStart'), to: textOf('periodEnd') },
      totalAmount: total,
      sizeBytes: Number(row.size_bytes),
    };
  }
}
