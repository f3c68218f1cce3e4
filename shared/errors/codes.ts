/**
 * The error catalogue (spec §8). One place for every code the server sends and the clients react to.
 * `message` is the English text the server puts in the envelope; clients may translate by `key`.
 */
export const ErrorCode = {
  OK: 0,
  LOGIN_FAILED: 10001,
  TOKEN_EXPIRED: 10002,
  TOKEN_INVALID: 10003,
  TOKEN_REVOKED: 10004,
  TOO_MANY_ATTEMPTS: 10005,
  ACCOUNT_DISABLED: 10006,
  MISSING_PARAMETERS: 10007,
  FORBIDDEN: 10008,
  SDK_KEY_INVALID: 10009,
  SDK_KEY_USED: 10010,
  EMAIL_USED: 10011,
  ACCOUNT_REGISTERED: 10012,
  TOKEN_MISSING: 10013,
  DISPLAY_REVOKED: 10014,
  GATEWAY_NOT_FOUND: 17007,
  KANBAN_NOT_FOUND: 20001,
  NO_HISTORY: 20002,
  TIME_OUT_OF_RANGE: 20003,
  VALIDATION_FAILED: 40000,
  NOT_FOUND: 40400,
  REVISION_CONFLICT: 40900,
  PERIOD_CLOSED: 40901,
  ACCOUNT_EXISTS: 40902,
  ACCOUNT_CLOSED: 40903,
  NOT_REFUNDABLE: 40904,
  REPORT_NOT_READY: 40905,
  IMPORT_NOT_UNDOABLE: 40906,
  REPORT_LINK_EXPIRED: 41001,
  REPORT_LINK_REVOKED: 41002,
  REPORT_TOO_LARGE: 42201,
  PDF_UNREADABLE: 42202,
  SIGNATURE_INVALID: 40101,
  MEMBER_CODE_INVALID: 40102,
  MEMBER_CODE_TOO_SOON: 42901,
  PROVIDER_UNAVAILABLE: 50201,
  BODY_TOO_LARGE: 41300,
  UNSUPPORTED_FILE_TYPE: 41500,
  INTERNAL: 50000,
  UNAVAILABLE: 50300,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

interface ErrorInfo {
  /** HTTP status that accompanies the envelope. */
  status: number;
  /** Catalogue key, for clients that translate. */
  key: string;
  message: string;
}

export const errorInfo: Record<ErrorCodeName, ErrorInfo> = {
  OK: { status: 200, key: 'ok', message: 'ok' },
  LOGIN_FAILED: { status: 401, key: 'login_failed', message: 'Login account or password is wrong' },
  TOKEN_EXPIRED: { status: 401, key: 'token_expired', message: 'Your session has expired, please log in again' },
  TOKEN_INVALID: { status: 401, key: 'token_invalid', message: 'Invalid token, please log in again' },
  TOKEN_REVOKED: { status: 401, key: 'token_revoked', message: 'You have been logged out, please log in again' },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    key: 'too_many_attempts',
    message: 'Too many failed logins for this account, try again later',
  },
  ACCOUNT_DISABLED: {
    status: 403,
    key: 'account_disabled',
    message: 'This account has been disabled and cannot log in to the system',
  },
  MISSING_PARAMETERS: { status: 400, key: 'missing_parameters', message: 'Missing parameters' },
  FORBIDDEN: { status: 403, key: 'forbidden', message: 'You do not have permission to do this' },
  SDK_KEY_INVALID: { status: 400, key: 'sdk_key_invalid', message: 'The sdk key is invalid' },
  SDK_KEY_USED: { status: 409, key: 'sdk_key_used', message: 'The sdk key has already been used' },
  EMAIL_USED: { status: 409, key: 'email_used', message: 'This mailbox has been registered!' },
  ACCOUNT_REGISTERED: { status: 409, key: 'account_registered', message: 'This account has already been registered' },
  TOKEN_MISSING: { status: 401, key: 'token_missing', message: 'Please log in first' },
  DISPLAY_REVOKED: { status: 401, key: 'display_revoked', message: 'This display has been revoked' },
  GATEWAY_NOT_FOUND: { status: 404, key: 'control_10007', message: 'The selected gateway does not exist' },
  KANBAN_NOT_FOUND: { status: 404, key: 'kanban_not_found', message: 'Kanban id error, Kanban not found!' },
  NO_HISTORY: { status: 404, key: 'no_history', message: 'No history was queried for this device!' },
  TIME_OUT_OF_RANGE: { status: 400, key: 'time_out_of_range', message: 'Time out of range!' },
  VALIDATION_FAILED: { status: 400, key: 'validation_failed', message: 'The request is not valid' },
  NOT_FOUND: { status: 404, key: 'not_found', message: 'Not found' },
  REVISION_CONFLICT: { status: 409, key: 'revision_conflict', message: 'Someone else saved this in the meantime; reload it and try again' },
  PERIOD_CLOSED: {
    status: 409,
    key: 'period_closed',
    message: 'This month is closed for settlement; reopen it with a reason before changing its figures',
  },
  ACCOUNT_EXISTS: { status: 409, key: 'account_exists', message: 'This room already has an open account' },
  ACCOUNT_CLOSED: { status: 409, key: 'account_closed', message: 'This account is closed' },
  NOT_REFUNDABLE: { status: 409, key: 'not_refundable', message: 'Only a paid top-up can be refunded, and only up to what is left of it' },
  REPORT_NOT_READY: { status: 409, key: 'report_not_ready', message: 'This report has not finished generating' },
  IMPORT_NOT_UNDOABLE: { status: 409, key: 'import_not_undoable', message: 'Only a finished import can be undone' },
  REPORT_LINK_EXPIRED: { status: 410, key: 'report_link_expired', message: 'This report link has expired; ask whoever shared it for a new one' },
  REPORT_LINK_REVOKED: { status: 410, key: 'report_link_revoked', message: 'This report link was withdrawn; ask whoever shared it for a new one' },
  REPORT_TOO_LARGE: {
    status: 422,
    key: 'report_too_large',
    message: 'This report would be too large: choose a shorter period, a coarser grain or fewer objects',
  },
  PDF_UNREADABLE: { status: 422, key: 'pdf_unreadable', message: 'This file is not a PDF that can be read' },
  SIGNATURE_INVALID: { status: 401, key: 'signature_invalid', message: 'The signature of this notification is not valid' },
  MEMBER_CODE_INVALID: { status: 401, key: 'member_code_invalid', message: 'The code is wrong or has expired; ask for a new one' },
  MEMBER_CODE_TOO_SOON: { status: 429, key: 'member_code_too_soon', message: 'A code was sent less than a minute ago; wait before asking again' },
  PROVIDER_UNAVAILABLE: { status: 502, key: 'provider_unavailable', message: 'The payment provider did not answer; the payment is kept and checked again' },
  BODY_TOO_LARGE: { status: 413, key: 'body_too_large', message: 'The request body is too large' },
  UNSUPPORTED_FILE_TYPE: { status: 415, key: 'unsupported_file_type', message: 'This file is not a PNG, JPEG, WebP or GIF picture' },
  INTERNAL: { status: 500, key: 'internal', message: 'Internal server error' },
  UNAVAILABLE: { status: 503, key: 'unavailable', message: 'The service is not available right now' },
};

/** Codes after which the client offers to log in again (spec §8). */
export const LOGOUT_CODES: readonly number[] = [ErrorCode.TOKEN_EXPIRED, ErrorCode.TOKEN_INVALID, ErrorCode.TOKEN_REVOKED];

export function codeName(code: number): ErrorCodeName | undefined {
  return (Object.keys(ErrorCode) as ErrorCodeName[]).find((name) => ErrorCode[name] === code);
}
