import { resourceAt, type ResourceDefinition } from '@shared/resources';
import { ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import type { AnyDb, Row } from '../resourceTable';
import { tableOf } from '../resourceTable';
import type { RefFinder, RefLabels } from './cells';

interface Candidate {
  id: number;
  label: string;
  code: string | undefined;
  name: string | undefined;
}

/** The rows of the caller's trees that the definition's 'ref'/'refs' fields may name, by API path. */
async function candidates(db: AnyDb, definition: ResourceDefinition, scope: OwnerScope): Promise<Map<string, Candidate[]>> {
  const paths = [...new Set(definition.fields.map((field) => field.ref).filter((path): path is string => Boolean(path)))];
  const owners = ownerIds(scope);
  const found = new Map<string, Candidate[]>();
  for (const path of paths) {
    const target = resourceAt(path);
    if (!target) continue;
    const mapping = tableOf(target);
    let query = db.selectFrom(mapping.table).selectAll();
    if (owners !== null) query = query.where('owner_user_id', 'in', owners);
    const rows: Row[] = await query.execute();
    const text = (row: Row, field: string) => (mapping.columns[field] && row[mapping.columns[field]] != null ? String(row[mapping.columns[field]]) : undefined);
    found.set(
      path,
      rows.map((row) => ({ id: Number(row.id), label: mapping.optionName!(row), code: text(row, 'code'), name: text(row, 'name') })),
    );
  }
  return found;
}

/** Referenced rows' labels (what a picker shows), for an export. */
export async function referenceLabels(db: AnyDb, definition: ResourceDefinition, scope: OwnerScope): Promise<RefLabels> {
  const found = await candidates(db, definition, scope);
  return new Map([...found].map(([path, rows]) => [path, new Map(rows.map((row) => [row.id, row.label]))]));
}

/**
 * Finds a referenced row by what people write: the label an export wrote, else the code, else the name.
 * Only rows of the caller's trees are found, so another tree's row "does not exist", as in a create.
 */
export async function referenceFinder(db: AnyDb, definition: ResourceDefinition, scope: OwnerScope): Promise<RefFinder & { remember(record: Row): void }> {
  const found = await candidates(db, definition, scope);
  const label = definition.optionLabel ?? ['name'];
  const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));
  return {
    /** A row the import just wrote: rows below it may name it (a sub-department below its parent). */
    remember(record) {
      found
        .get(definition.path)
        ?.push({ id: Number(record.id), label: label.map((name) => String(record[name] ?? '')).join(' '), code: text(record.code), name: text(record.name) });
    },
    find(path, text) {
      const rows = found.get(path) ?? [];
      for (const key of ['label', 'code', 'name'] as const) {
        const matches = rows.filter((row) => row[key] === text);
        if (matches.length === 1) return { id: matches[0]!.id };
        if (matches.length > 1) return { reason: `"${text}" matches ${matches.length} records; write its code instead` };
      }
      return { reason: `"${text}" does not exist` };
    },
  };
}
