import { PICTURE_MAX_PIXELS, PICTURE_MAX_SIDE } from '@shared/schemas/files';
import { AppError, validationError } from '../http/appError';
import { detectPicture, type DetectedPicture } from './detectPicture';

/** Names browsers and tools use for JPEG besides image/jpeg. */
const TYPE_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/** The media type of a Content-Type header, lower case, without parameters; '' when absent. */
export function declaredType(header: string | undefined): string {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return TYPE_ALIASES[type] ?? type;
}

/**
 * What the bytes prove, or the refusal: not a PNG/JPEG/WebP/GIF (415), declared as another type than the
 * bytes are (415: a client that mislabels is not trusted with the rest), or too large to decode on a wall.
 * Only application/octet-stream (or nothing) leaves the type to the bytes alone.
 */
export function checkPicture(bytes: Uint8Array, contentType: string | undefined): DetectedPicture {
  const detected = detectPicture(bytes);
  if (!detected) throw new AppError('UNSUPPORTED_FILE_TYPE');
  const declared = declaredType(contentType);
  if (declared !== '' && declared !== 'application/octet-stream' && declared !== detected.type) {
    throw new AppError('UNSUPPORTED_FILE_TYPE', { message: `The file is declared as ${declared.slice(0, 60)} but its bytes are ${detected.type}` });
  }
  const { width, height } = detected;
  if (width > PICTURE_MAX_SIDE || height > PICTURE_MAX_SIDE || width * height > PICTURE_MAX_PIXELS) {
    throw validationError([
      {
        field: 'file',
        rule: 'picture_too_large',
        message: `The picture is ${width} × ${height} pixels; at most ${PICTURE_MAX_SIDE} pixels on a side and ${PICTURE_MAX_PIXELS / 1_000_000} megapixels`,
      },
    ]);
  }
  return detected;
}
