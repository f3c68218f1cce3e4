import { z } from 'zod';
import { RULE_MESSAGES } from './rules';
import { baseListQuerySchema, type FilterSpec, type ResourceDefinition } from './defineResource';

function filterSchema(filter: FilterSpec): z.ZodType {
  switch (filter.kind) {
    case 'enum':
      return z.enum((filter.values ?? []) as [string, ...string[]], { error: RULE_MESSAGES.choose }).optional();
    case 'ref':
      return z.coerce.number({ error: RULE_MESSAGES.choose }).int().positive().optional();
    case 'flag':
      return z
        .enum(['true', 'false'])
        .transform((value) => value === 'true')
        .optional();
  }
}

/** The list query of one resource: page, size, keyword and its filters (query strings, coerced). */
export function listQuerySchema(definition: Pick<ResourceDefinition, 'listFilters'>): z.ZodType<ListQuery> {
  const filters = Object.fromEntries(definition.listFilters.map((filter) => [filter.name, filterSchema(filter)]));
  // The filter keys are only known at run time; their values stay `unknown` to the caller.
  return baseListQuerySchema.extend(filters) as unknown as z.ZodType<ListQuery>;
}

export type ListQuery = z.infer<typeof baseListQuerySchema> & Record<string, unknown>;
