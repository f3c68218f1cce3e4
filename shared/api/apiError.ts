import { LOGOUT_CODES } from '../errors/codes';

/** Code carried by an ApiError whose response had no envelope (network failure, proxy page…). */
export const NO_ENVELOPE_CODE = -1;

/**
 * Every failed call rejects with this: the server's envelope code and message, or for transport
 * failures NO_ENVELOPE_CODE and 'error-message:status-text' (spec §8).
 */
export class ApiError<T = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly data: T | undefined;
  /** HTTP status when there was a response. */
  readonly status: number | undefined;

  constructor(code: number, message: string, data?: T, status?: number) {
    super(message);
    this.code = code;
    this.data = data;
    this.status = status;
  }

  /** Token expired, invalid or revoked: the UI offers to log in again (spec §8). */
  get isLogoutCode(): boolean {
    return LOGOUT_CODES.includes(this.code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
