import type { Readable } from 'node:stream';
import type { ExportFormat, ListQuery, ResourceDefinition, ResourceLanguage } from '@shared/resources';
import type { OwnerScope } from '../../tenancy/ownerScope';
import type { ResourceRepository } from '../resourceRepository';
import type { AnyDb } from '../resourceTable';
import { exportCell, labelOf } from './cells';
import { referenceLabels } from './references';
import { sheetStream } from './sheets';

/** The filtered list of one resource as a CSV or XLSX stream: every field, labelled in `lang`. */
export async function exportRows(
  db: AnyDb,
  repository: ResourceRepository,
  definition: ResourceDefinition,
  request: { query: ListQuery; scope: OwnerScope; format: ExportFormat; lang: ResourceLanguage },
): Promise<Readable> {
  const { query, scope, format, lang } = request;
  const refs = await referenceLabels(db, definition, scope);
  const header = definition.fields.map((field) => labelOf(definition, field, lang));
  async function* rows() {
    for await (const page of repository.everyPage(query, scope)) {
      yield page.map((record) => definition.fields.map((field) => exportCell(definition, field, record[field.name], lang, refs)));
    }
  }
  return sheetStream(format, header, rows());
}

/** `tags-2026-11-26.csv`: the resource and the day, so several exports stay apart in a downloads folder. */
export const exportFileName = (definition: ResourceDefinition, format: ExportFormat, now = new Date()): string =>
  `${definition.path}-${now.toISOString().slice(0, 10)}.${format}`;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
