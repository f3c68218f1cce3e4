import type { TFunction } from 'i18next';
import { ErrorCode, errorInfo, type ErrorCodeName } from '@shared/errors';

const infoByCode = new Map(Object.entries(ErrorCode).map(([name, code]) => [code as number, errorInfo[name as ErrorCodeName]]));

/** A server message that is itself a catalogue key ('users.ph_username_err', 'roles.name_err': the user and role rules). */
const CATALOGUE_KEY = /^[a-z][A-Za-z]*\.[A-Za-z0-9_.]+$/;

/**
 * What the error toast says: a catalogue message in the console's language when the server sent the
 * catalogue's own text or one of its keys; a specific message (a field rule, a name) as the server wrote it.
 */
export function toastText(t: TFunction, code: number, message: string): string {
  const info = infoByCode.get(code);
  if (info && info.message === message) return t(`errors.${info.key}`, { defaultValue: message });
  return CATALOGUE_KEY.test(message) ? t(message, { defaultValue: message }) : message;
}
