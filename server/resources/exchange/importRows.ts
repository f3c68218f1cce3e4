import { sql, type Kysely } from 'kysely';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  ruleOfMessage,
  type FieldSpec,
  type ImportMode,
  type ImportProblem,
  type ImportResult,
  type ResourceDefinition,
} from '@shared/resources';
import { AppError } from '../../http/appError';
import type { OwnerScope } from '../../tenancy/ownerScope';
import type { ResourceRepository } from '../resourceRepository';
import type { AnyDb, Row } from '../resourceTable';
import { headerField, importCell } from './cells';
import { referenceFinder } from './references';
import { fileRefused, type Sheet } from './sheets';

/** Thrown to roll the import's transaction back once its answer is known (a preview, or a bad row in all-or-nothing). */
class WriteNothing extends Error {}

function problemsOf(error: AppError, line: number): ImportProblem[] {
  const issues = (error.data as { issues?: { field?: string; rule?: string; message: string }[] } | null)?.issues ?? [];
  const first = issues[0];
  return [{ line, ...(first?.field ? { field: first.field } : {}), ...(first?.rule ? { rule: first.rule } : {}), reason: error.message }];
}

/**
 * Checks every row of a sheet as a create would (the shared schema, references in the caller's trees,
 * unique values, the resource's hooks), in one transaction so rows see the rows above them (a code used
 * twice in the file is caught). Each row runs in a savepoint: a bad row leaves nothing behind.
 */
export async function importRows(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables named at run time by a resource definition are not in the Database type
  db: Kysely<any>,
  repository: ResourceRepository,
  definition: ResourceDefinition,
  request: { sheet: Sheet; mode: ImportMode; scope: OwnerScope },
): Promise<ImportResult> {
  const { sheet, mode, scope } = request;
  const fields = sheet.header.map((cell) => headerField(definition, cell));
  const editable = (field: FieldSpec | undefined): field is FieldSpec => Boolean(field && !field.readOnly);
  if (!fields.some(editable)) throw fileRefused(IMPORT_MESSAGES.noHeader);
  if (sheet.rows.length === 0) throw fileRefused(IMPORT_MESSAGES.noRows);
  if (sheet.rows.length > IMPORT_MAX_ROWS) throw fileRefused(IMPORT_MESSAGES.tooManyRows);

  const columns = fields.filter(editable).map((field) => field.name);
  const ignoredColumns = sheet.header.filter((cell, index) => cell.trim() !== '' && !editable(fields[index]));
  const problems: ImportProblem[] = [];
  let good = 0;
  let bad = 0;

  const checkRow = async (trx: AnyDb, line: number, cells: string[], refs: Awaited<ReturnType<typeof referenceFinder>>): Promise<ImportProblem[]> => {
    const input: Row = {};
    const found: ImportProblem[] = [];
    fields.forEach((field, index) => {
      if (!editable(field) || field.name in input) return;
      const outcome = importCell(definition, field, cells[index] ?? '', refs);
      if ('reason' in outcome) found.push({ line, field: field.name, rule: 'exists', reason: outcome.reason });
      else input[field.name] = outcome.value;
    });
    if (found.length) return found;
    const parsed = definition.schema.safeParse(input);
    if (!parsed.success) {
      return parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? '');
        return { line, field, rule: ruleOfMessage(issue.message) ?? issue.code, reason: `${field}: ${issue.message}` };
      });
    }
    try {
      refs.remember(await repository.createIn(trx, parsed.data as Row, scope));
      return [];
    } catch (error) {
      if (error instanceof AppError) return problemsOf(error, line);
      throw error;
    }
  };

  try {
    await db.transaction().execute(async (trx) => {
      const refs = await referenceFinder(trx, definition, scope);
      for (const { line, cells } of sheet.rows) {
        await sql`savepoint import_row`.execute(trx);
        const found = await checkRow(trx, line, cells, refs);
        await sql.raw(found.length ? 'rollback to savepoint import_row' : 'release savepoint import_row').execute(trx);
        if (found.length) {
          bad += 1;
          problems.push(...found);
        } else good += 1;
      }
      if (mode === 'preview' || (mode === 'allOrNothing' && bad > 0)) throw new WriteNothing();
    });
  } catch (error) {
    if (!(error instanceof WriteNothing)) throw error;
  }

  const written = mode === 'keepGood' || (mode === 'allOrNothing' && bad === 0) ? good : 0;
  const preview = sheet.rows.slice(0, IMPORT_PREVIEW_ROWS).map(({ line, cells }) => ({
    line,
    cells: Object.fromEntries(fields.flatMap((field, index) => (field ? [[field.name, cells[index] ?? '']] : []))),
  }));
  return { mode, rows: sheet.rows.length, good, bad, written, columns, ignoredColumns, problems, preview };
}
