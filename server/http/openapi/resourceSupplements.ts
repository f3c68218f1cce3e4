import { exportQuerySchema, idsBodySchema, importQuerySchema, listQuerySchema, RESOURCES, type ResourceDefinition } from '@shared/resources';
import type { Supplement } from './supplement';

/**
 * The generic resource routes (server/resources) validate inside their handlers with the schemas of each
 * resource's definition; the same definitions give the document those schemas, so a new resource is
 * described with no edit here.
 */
export function resourceSupplements(): Record<string, Supplement> {
  const entries: Record<string, Supplement> = {};
  for (const definition of RESOURCES as readonly ResourceDefinition[]) {
    const base = `/api/${definition.path}`;
    const list = listQuerySchema(definition);
    entries[`GET ${base}`] = { schema: { querystring: list } };
    entries[`GET ${base}/export`] = { schema: { querystring: exportQuerySchema.extend((list as unknown as typeof exportQuerySchema).shape) } };
    entries[`POST ${base}`] = { schema: { body: definition.schema } };
    entries[`PUT ${base}/:id`] = { schema: { body: definition.schema } };
    entries[`DELETE ${base}`] = { schema: { body: idsBodySchema } };
    entries[`POST ${base}/import`] = {
      schema: { querystring: importQuerySchema },
      description: 'The body is multipart/form-data with one CSV or XLSX file (the columns of the export).',
    };
  }
  return entries;
}
