/**
 * The error catalogue's texts (shared/errors/codes.ts), by catalogue key. English is the server's own
 * wording (errors.test.ts keeps them equal); zh and es translate it for the toasts.
 */
export const errorsEn = {
  ok: 'ok',
  login_failed: 'Login account or password is wrong',
  token_expired: 'Your session has expired, please log in again',
  token_invalid: 'Invalid token, please log in again',
  token_revoked: 'You have been logged out, please log in again',
  too_many_attempts: 'Too many failed logins for this account, try again later',
  account_disabled: 'This account has been disabled and cannot log in to the system',
  missing_parameters: 'Missing parameters',
  forbidden: 'You do not have permission to do this',
  sdk_key_invalid: 'The sdk key is invalid',
  sdk_key_used: 'The sdk key has already been used',
  email_used: 'This mailbox has been registered!',
  account_registered: 'This account has already been registered',
  token_missing: 'Please log in first',
  display_revoked: 'This display has been revoked',
  control_10007: 'The selected gateway does not exist',
  kanban_not_found: 'Kanban id error, Kanban not found!',
  no_history: 'No history was queried for this device!',
  time_out_of_range: 'Time out of range!',
  validation_failed: 'The request is not valid',
  not_found: 'Not found',
  revision_conflict: 'Someone else saved this in the meantime; reload it and try again',
  period_closed: 'This month is closed for settlement; reopen it with a reason before changing its figures',
  body_too_large: 'The request body is too large',
  unsupported_file_type: 'This file is not a PNG, JPEG, WebP or GIF picture',
  internal: 'Internal server error',
  unavailable: 'The service is not available right now',
};
