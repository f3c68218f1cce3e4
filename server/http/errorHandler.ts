import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode, errorInfo, type Envelope } from '@shared/errors';
import { AppError } from './appError';
import { DRAIN_FACTOR, drainRequestBody } from './drainBody';
import { fromSchemaValidation, type SchemaValidationEntry } from './zodIssues';

function envelope(code: number, message: string, data: unknown = null): Envelope {
  return { code, data, message };
}

/** Turns every failure into the envelope; internal errors are logged and never leak a stack to clients. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: unknown; validationContext?: string }, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send(envelope(error.code, error.message, error.data));
    }
    const zodIssues = (error as { validation?: unknown }).validation;
    if (Array.isArray(zodIssues) && error.code === 'FST_ERR_VALIDATION') {
      const issues = fromSchemaValidation(zodIssues as SchemaValidationEntry[], error.validationContext ?? '');
      const first = issues[0];
      return reply.status(400).send(envelope(ErrorCode.VALIDATION_FAILED, first ? `${first.field}: ${first.message}` : error.message, { issues }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Drain first so the sender, still writing, reads the 413 instead of a reset; then close the connection.
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
      return drainRequestBody(request.raw, DRAIN_FACTOR * limit).then(() =>
        reply.status(413).header('connection', 'close').send(envelope(ErrorCode.BODY_TOO_LARGE, errorInfo.BODY_TOO_LARGE.message)),
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, empty body with a JSON content type and the like.
      return reply.status(error.statusCode).send(envelope(ErrorCode.VALIDATION_FAILED, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(ErrorCode.INTERNAL, errorInfo.INTERNAL.message));
  });
}
