import { z } from 'zod';

/** How a field is edited and shown. `ref` fields pick an id from another resource's options. */
export type FieldKind = 'text' | 'number' | 'enum' | 'flag' | 'date' | 'colour' | 'ref' | 'refs' | 'time';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** For 'enum': the allowed values (labels are catalogue keys `resources.values.<value>`). */
  values?: readonly string[];
  /** For 'ref'/'refs': the API path segment whose `/options` lists the choices. */
  ref?: string;
  /** Shown, never sent: the server keeps it (online state, last seen). */
  readOnly?: boolean;
  /** Left out of the list's columns. */
  hideInList?: boolean;
}

/** A list filter: a field name the list query accepts (the keyword search is always there). */
export interface FilterSpec {
  name: string;
  kind: 'enum' | 'ref' | 'flag';
  values?: readonly string[];
  ref?: string;
}

export interface ResourceDefinition<S extends z.ZodObject = z.ZodObject> {
  /** Singular name, also the catalogue prefix `resources.<name>`. */
  name: string;
  /** API path segment: /api/<path>. */
  path: string;
  /** Menu full path: reading needs it, writing needs `<menu>/add|edit|delete` (spec §6). */
  menu: string;
  /** The editable fields with their rules and messages; the server and the forms validate with it. */
  schema: S;
  /** Every field in display order, editable and read-only. */
  fields: readonly FieldSpec[];
  listFilters: readonly FilterSpec[];
}

/** What a record looks like on the wire: the editable fields, the read-only ones, and its id. */
export type ResourceRecord<S extends z.ZodObject = z.ZodObject> = z.infer<S> & { id: number } & Record<string, unknown>;

export interface ResourcePage<R = ResourceRecord> {
  total: number;
  rows: R[];
}

export type ResourceButton = 'add' | 'edit' | 'delete';

/** A resource definition, checked once: every schema key has a field spec. */
export function defineResource<S extends z.ZodObject>(definition: ResourceDefinition<S>): ResourceDefinition<S> {
  const named = new Set(definition.fields.map((field) => field.name));
  for (const key of Object.keys(definition.schema.shape)) {
    if (!named.has(key)) throw new Error(`resource ${definition.name}: field ${key} has no field spec`);
  }
  return definition;
}

/** The button permission full path (spec §6): the menu path joined with the button name. */
export const buttonPermission = (definition: Pick<ResourceDefinition, 'menu'>, button: ResourceButton): string =>
  `${definition.menu}/${button}`;

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
