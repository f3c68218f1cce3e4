import { ErrorCode, errorInfo, type ErrorCodeName, type FieldIssue } from '@shared/errors';

/** A failure the client should see: a catalogue code, its HTTP status and a clear message. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly headers: Record<string, string>;

  constructor(name: ErrorCodeName, options: { message?: string; data?: unknown; headers?: Record<string, string> } = {}) {
    const info = errorInfo[name];
    super(options.message ?? info.message);
    this.name = 'AppError';
    this.code = ErrorCode[name];
    this.status = info.status;
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
  }
}

export function validationError(issues: FieldIssue[]): AppError {
  const first = issues[0];
  const message = first ? `${first.field}: ${first.message}` : undefined;
  return new AppError('VALIDATION_FAILED', { message, data: { issues } });
}
