import type { TFunction } from 'i18next';
import { errorInfo, type ErrorCodeName } from '@shared/errors/codes';

/**
 * A message of the shared error catalogue (shared/errors/codes) when the screen itself reports it, worded as
 * the server words it: looked up by the catalogue key under `errors.` and falling back to the server's
 * English text, so the screen's refusal reads exactly like the server's own toast.
 */
export const catalogueErrorText = (t: TFunction, name: ErrorCodeName): string => t(`errors.${errorInfo[name].key}`, { defaultValue: errorInfo[name].message });
