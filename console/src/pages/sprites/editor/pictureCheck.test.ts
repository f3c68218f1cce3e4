import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/files';
import { pictureProblem } from './pictureCheck';
import { pictureProblemText, uploadErrorText } from './uploadErrorText';

const t = createI18n('en').t;

describe('the browser picture check', () => {
  it('takes PNG, JPEG, WebP and GIF up to the upload limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) expect(pictureProblem({ type, size: UPLOAD_MAX_BYTES })).toBeNull();
  });

  it('refuses other types (SVG can carry script) with the type named', () => {
    const problem = pictureProblem({ type: 'image/svg+xml', size: 100 });
    expect(problem).toEqual({ kind: 'type', type: 'image/svg+xml' });
    expect(pictureProblemText(t, problem!)).toBe('This file is image/svg+xml: choose a PNG, JPEG, WebP or GIF picture');
    expect(pictureProblemText(t, pictureProblem({ type: '', size: 100 })!)).toBe('This file is not a picture: choose a PNG, JPEG, WebP or GIF picture');
  });

  it('refuses a picture over 5 MB with its size', () => {
    const problem = pictureProblem({ type: 'image/png', size: UPLOAD_MAX_BYTES + 1 });
    expect(problem).toEqual({ kind: 'size', size: UPLOAD_MAX_BYTES + 1 });
    expect(pictureProblemText(t, { kind: 'size', size: 6.25 * 1024 * 1024 })).toBe('The picture has 6.3 MB: at most 5 MB can be uploaded');
  });

  it('words the server refusals', () => {
    expect(uploadErrorText(t, new ApiError(ErrorCode.UNSUPPORTED_FILE_TYPE, 'This file is not a PNG, JPEG, WebP or GIF picture'))).toBe(
      'The server refused the file: it is not a PNG, JPEG, WebP or GIF picture',
    );
    expect(uploadErrorText(t, new ApiError(ErrorCode.BODY_TOO_LARGE, 'The request body is too large'))).toBe(
      'The server refused the file: at most 5 MB can be uploaded',
    );
    expect(uploadErrorText(t, new ApiError(ErrorCode.INTERNAL, 'Disk full'))).toBe('Disk full');
  });
});
