import type { z } from 'zod';
import type { FieldIssue } from '@shared/errors';
import { validationError } from './appError';

/** Which field, which rule, what message: the shape every validation failure reports. */
export function toFieldIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): FieldIssue[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(body)',
    rule: issue.code,
    message: issue.message,
  }));
}

/** Parse with a shared schema or throw the envelope's validation error. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(toFieldIssues(result.error.issues, prefix));
  return result.data;
}

/** What fastify's schema validation (fastify-type-provider-zod) leaves on `error.validation`. */
export interface SchemaValidationEntry {
  keyword: string;
  instancePath: string;
  message?: string;
}

export function fromSchemaValidation(entries: readonly SchemaValidationEntry[], context: string): FieldIssue[] {
  return entries.map((entry) => ({
    field: [context, ...entry.instancePath.split('/').filter(Boolean)].join('.') || '(body)',
    rule: entry.keyword,
    message: entry.message ?? 'is not valid',
  }));
}
