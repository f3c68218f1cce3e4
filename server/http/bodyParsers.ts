import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacter } from '@shared/schemas/text';
import { validationError } from './appError';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks the text of its body item by item itself (ingest rejects a bad reading and keeps
     * the rest), so a U+0000 in one item must not refuse the whole body here.
     */
    bodyTextCheckedByRoute?: boolean;
  }
}

/**
 * What the API takes as a body and the one character it never lets through.
 * - JSON only: fastify's built-in text/plain parser is removed, so a text/plain body gets the same 415
 *   as any other type that is not JSON (the files routes take raw bytes in their own scope).
 * - U+0000 anywhere in a JSON body, query string or path parameter is refused with 40000 naming its path, before any
 *   schema or handler runs: PostgreSQL cannot store it (the insert fails with a 500) and SQLite would
 *   keep it invisibly. The zod text primitives refuse it too; this covers routes without a schema.
 */
export function registerBodyRules(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    const inQuery = findControlCharacter(request.params, 'params') ?? findControlCharacter(request.query, 'querystring');
    const inBody = request.routeOptions.config.bodyTextCheckedByRoute ? null : findControlCharacter(request.body, 'body');
    const field = inQuery ?? inBody;
    if (field !== null) throw validationError([{ field, rule: 'control_characters', message: CONTROL_CHARACTERS_MESSAGE }]);
  });
}
