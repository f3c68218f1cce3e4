import { z } from 'zod';

export const PICTURE_URL_MESSAGE = 'Use a path on this server starting with / or an https:// address';

/**
 * Where a wall may load a picture from: a same-origin path (`/api/files/…`) or an https:// address.
 * Protocol-relative (`//host`, `/\host`), http:, data: and javascript: URLs are refused, so a board
 * document can never point a wall at a plain-text or script source.
 */
export function isPictureUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\') && !/[\s\\]/.test(url);
  if (!url.startsWith('https://')) return false;
  try {
    return new URL(url).protocol === 'https:' && !/\s/.test(url);
  } catch {
    return false;
  }
}

/** The option schema of a picture URL; empty means "none chosen yet" so `options.parse({})` succeeds. */
export const pictureUrlSchema = z
  .string()
  .trim()
  .max(1000, 'At most 1000 characters')
  .refine((url) => url === '' || isPictureUrl(url), PICTURE_URL_MESSAGE)
  .default('');

export const PICTURE_FITS = ['contain', 'cover'] as const;
export type PictureFit = (typeof PICTURE_FITS)[number];
