import { z } from 'zod';
import type { ResourceTexts } from './resourceTexts';

/** How a field is edited and shown. `ref` fields pick an id from another resource's options. */
export type FieldKind =
  | 'text'
  | 'number'
  | 'enum'
  | 'flag'
  | 'date'
  | 'colour'
  | 'ref'
  | 'refs'
  | 'time'
  /** Plain text over several lines (tab, CR, LF kept); Markdown, rendered without raw HTML where it is read. */
  | 'multiline'
  | 'markdown'
  /** A picture of the upload store (/api/files/<sha256>.<ext>) or '' for none. */
  | 'picture';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** For 'enum': the allowed values (labels are the definition's texts `values.<value>`). */
  values?: readonly string[];
  /** For 'ref'/'refs': the API path segment whose `/options` lists the choices (and whose table the id must be in). */
  ref?: string;
  /** Shown, never sent: the server keeps it (online state, last seen). */
  readOnly?: boolean;
  /** Left out of the list's columns. */
  hideInList?: boolean;
  /** The stored column; snake_case of the name by default. 'refs' fields have none (a hook stores them). */
  column?: string;
  /** No other row may hold the same value: `code "M001" is already used`. */
  unique?: boolean;
  /** The list's keyword search looks in this field. */
  search?: boolean;
  /** The owning user: a user of the caller's tree (column owner_user_id), like a gateway's owner. */
  owner?: boolean;
}

/** A list filter: a field name the list query accepts (the keyword search is always there). */
export interface FilterSpec {
  name: string;
  kind: 'enum' | 'ref' | 'flag';
  values?: readonly string[];
  ref?: string;
}

/** What a sample body may name: tree A's object of another resource, and the tree's top-level user. */
export interface SampleContext {
  /** A text mark that goes into every text, so a leak or a clash shows. */
  mark: string;
  /** The id of the tree's object of the resource at API path `path` (null before it exists). */
  idOf(path: string): number | null;
  /** The tree's top-level user (owner fields). */
  owner: number;
}

export interface ResourceDefinition<S extends z.ZodObject = z.ZodObject, T extends string = string> {
  /** Singular name, the key of its texts in the catalogue (`resources.items.<name>`). */
  name: string;
  /** API path segment: /api/<path>. */
  path: string;
  /** The database table (with an owner_user_id column: every row belongs to a user tree). */
  table: T;
  /** The English noun of server messages (`sub-item 7 was not found`); the name by default. */
  noun?: string;
  /** Menu full path: reading and export need it, writing needs `<menu>/add|edit|delete|import` (spec §6). */
  menu: string;
  /** The console route of `menu` is the generic list screen (false: a screen of its own shows the resource). */
  screen?: boolean;
  /** The editable fields with their rules and messages; the server, the forms and the import validate with it. */
  schema: S;
  /** Every field in display order, editable and read-only. */
  fields: readonly FieldSpec[];
  listFilters: readonly FilterSpec[];
  /** List order: field names (or 'id'); ['id'] by default. */
  orderBy?: readonly string[];
  /** What a picker, an export cell and an import cell show for a row: these fields joined by a space; ['name'] by default. */
  optionLabel?: readonly string[];
  /** Name, field labels and value labels in every language. */
  texts: ResourceTexts;
  /** A valid create body, for the generated authorization suite (its row of tree A and its write probes). */
  sample(context: SampleContext): Record<string, unknown>;
}

/** What a record looks like on the wire: the editable fields, the read-only ones, and its id. */
export type ResourceRecord<S extends z.ZodObject = z.ZodObject> = z.infer<S> & { id: number } & Record<string, unknown>;

export interface ResourcePage<R = ResourceRecord> {
  total: number;
  rows: R[];
}

export type ResourceButton = 'add' | 'edit' | 'delete' | 'import';
/** The buttons every resource screen offers (export needs only the read permission). */
export const RESOURCE_BUTTONS: readonly ResourceButton[] = ['add', 'edit', 'delete', 'import'];

/** A resource definition, checked once: every schema key has a field spec, every text is there. */
export function defineResource<S extends z.ZodObject, const T extends string>(definition: ResourceDefinition<S, T>): ResourceDefinition<S, T> {
  const named = new Set(definition.fields.map((field) => field.name));
  for (const key of Object.keys(definition.schema.shape)) {
    if (!named.has(key)) throw new Error(`resource ${definition.name}: field ${key} has no field spec`);
  }
  return definition;
}

/** The button permission full path (spec §6): the menu path joined with the button name. */
export const buttonPermission = (definition: Pick<ResourceDefinition, 'menu'>, button: ResourceButton): string => `${definition.menu}/${button}`;

/** camelCase field → snake_case column: parentId → parent_id. */
export const columnOf = (field: Pick<FieldSpec, 'name' | 'column' | 'owner'>): string =>
  field.column ?? (field.owner ? 'owner_user_id' : field.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));

export const nounOf = (definition: Pick<ResourceDefinition, 'noun' | 'name'>): string => definition.noun ?? definition.name;

export const PAGE_SIZE_MAX = 1000;

/** The common part of every list query; filters are added per definition (listQuerySchema). */
export const baseListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
  keyword: z.string().trim().max(100).optional(),
});

export const idsBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Choose at least one row').max(PAGE_SIZE_MAX),
});

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** One choice in a picker: the id and what people read. */
export interface ResourceOption {
  id: number;
  name: string;
  parentId?: number | null;
}
