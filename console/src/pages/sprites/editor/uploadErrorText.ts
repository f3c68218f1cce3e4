import type { TFunction } from 'i18next';
import { isApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/files';
import { toastText } from '../../../feedback/toastText';
import { megabytes, type PictureProblem } from './pictureCheck';

/** Why the browser refused a file before sending it. */
export function pictureProblemText(t: TFunction, problem: PictureProblem): string {
  if (problem.kind === 'size') return t('sprites.upload.tooLarge', { size: megabytes(problem.size), max: megabytes(UPLOAD_MAX_BYTES) });
  return problem.type ? t('sprites.upload.wrongType', { type: problem.type }) : t('sprites.upload.unknownType');
}

/** Why the server refused an upload: its two file answers in the reader's language, anything else as the toast words it. */
export function uploadErrorText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('sprites.upload.failed');
  if (error.code === ErrorCode.UNSUPPORTED_FILE_TYPE) return t('sprites.upload.unsupported');
  if (error.code === ErrorCode.BODY_TOO_LARGE) return t('sprites.upload.serverTooLarge', { max: megabytes(UPLOAD_MAX_BYTES) });
  return toastText(t, error.code, error.message);
}
