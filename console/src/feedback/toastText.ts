import type { TFunction } from 'i18next';
import { ErrorCode, errorInfo, type ErrorCodeName } from '@shared/errors';

const infoByCode = new Map(Object.entries(ErrorCode).map(([name, code]) => [code as number, errorInfo[name as ErrorCodeName]]));

/**
 * What the error toast says: a catalogue message in the console's language when the server sent the
 * catalogue's own text; a specific message (a field rule, a name) as the server wrote it.
 */
export function toastText(t: TFunction, code: number, message: string): string {
  const info = infoByCode.get(code);
  return info && info.message === message ? t(`errors.${info.key}`, { defaultValue: message }) : message;
}
