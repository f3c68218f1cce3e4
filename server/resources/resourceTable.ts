import type { Kysely, Transaction } from 'kysely';
import { columnOf, resourceAt, type ResourceDefinition } from '@shared/resources';

/**
 * Tables are chosen per resource at run time, so the generic code talks to kysely untyped; each
 * table mapping below names its columns, and the per-resource tests keep the names honest.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables named at run time by a resource definition are not in the Database type
export type AnyDb = Kysely<any> | Transaction<any>;
export type Row = Record<string, unknown>;

export interface WriteContext {
  db: AnyDb;
  /** The validated API fields. */
  input: Row;
  /** The record's id on update (and in afterWrite), undefined while creating. */
  id?: number;
}

/** Where a resource's generic rules stop: each hook adds the rule that only that table has. */
export interface ResourceHooks {
  /** Extra columns to write (e.g. a computed level), or throw an AppError to refuse. */
  beforeWrite?(context: WriteContext): Promise<Row>;
  /** Writes beside the row (e.g. link tables), inside the same transaction. */
  afterWrite?(context: WriteContext & { id: number }): Promise<void>;
  /** Throw an AppError to refuse the delete (e.g. a department that still has meters). */
  beforeDelete?(db: AnyDb, ids: readonly number[]): Promise<void>;
  /** Adds fields that live beside the row (e.g. tag ids) to API records. */
  decorate?(db: AnyDb, records: Row[]): Promise<void>;
}

/** How one resource is stored: snake_case columns ↔ camelCase API fields, plus its rules. */
export interface ResourceTable {
  table: string;
  /** API field → column, editable and read-only alike. Fields not listed here live elsewhere (hooks). */
  columns: Readonly<Record<string, string>>;
  /** API fields stored as 0/1 and sent as booleans. */
  flags?: readonly string[];
  /** Columns the keyword search looks in. */
  search: readonly string[];
  /** API fields whose value no other row may hold. */
  unique: readonly string[];
  /** API field → the table its id(s) must exist in. */
  references?: Readonly<Record<string, string>>;
  orderBy: readonly string[];
  /** What a picker shows for a row; the name column by default. */
  optionName?: (row: Row) => string;
  hooks?: ResourceHooks;
}

/** A stored row → the API record. */
export function toRecord(mapping: ResourceTable, row: Row): Row {
  const record: Row = { id: row.id };
  for (const [field, column] of Object.entries(mapping.columns)) {
    const value = row[column];
    record[field] = mapping.flags?.includes(field) ? value === 1 || value === true : value;
  }
  return record;
}

/** Validated API fields → the columns to write (fields stored elsewhere are left to the hooks). */
export function toColumns(mapping: ResourceTable, input: Row): Row {
  const values: Row = {};
  for (const [field, value] of Object.entries(input)) {
    const column = mapping.columns[field];
    if (!column) continue;
    values[column] = mapping.flags?.includes(field) ? (value ? 1 : 0) : value;
  }
  return values;
}

/**
 * The table mapping of a definition: columns are the fields' snake_case names, flags the 'flag' fields,
 * references the tables of the resources the 'ref'/'refs' fields point at (users for an owner field),
 * plus the hooks of a resource with rules of its own (hooks/).
 */
export function tableOf(definition: ResourceDefinition, hooks?: ResourceHooks): ResourceTable {
  const stored = definition.fields.filter((field) => field.kind !== 'refs' || field.column);
  const columns = Object.fromEntries(stored.map((field) => [field.name, columnOf(field)]));
  const references: Record<string, string> = {};
  // Checked in the schema's order, as its own rules are, so the first refusal names the first field.
  const keys = Object.keys(definition.schema.shape);
  const bySchema = [...definition.fields].sort((x, y) => keys.indexOf(x.name) - keys.indexOf(y.name));
  for (const field of bySchema) {
    if (field.owner) references[field.name] = 'users';
    if (!field.ref) continue;
    const target = resourceAt(field.ref);
    if (!target) throw new Error(`resource ${definition.name}: field ${field.name} points at unknown path ${field.ref}`);
    references[field.name] = target.table;
  }
  const label = definition.optionLabel ?? ['name'];
  return {
    table: definition.table,
    columns,
    flags: definition.fields.filter((field) => field.kind === 'flag').map((field) => field.name),
    search: definition.fields.filter((field) => field.search).map((field) => columns[field.name] ?? field.name),
    unique: definition.fields.filter((field) => field.unique).map((field) => field.name),
    references,
    orderBy: (definition.orderBy ?? ['id']).map((name) => columns[name] ?? name),
    optionName: (row) => label.map((name) => String(row[columns[name] ?? name] ?? '')).join(' '),
    ...(hooks ? { hooks } : {}),
  };
}
