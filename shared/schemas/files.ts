import { z } from 'zod';

/**
 * Uploaded pictures: plant pictures for sprites and mimic widgets, board backgrounds, image widgets.
 *
 * POST /api/files with the raw bytes as the body and the picture's own Content-Type (no multipart): the server
 * reads the first bytes and accepts only what they prove (PNG, JPEG, WebP, GIF). SVG is refused (it can carry
 * script). The stored name is the SHA-256 of the bytes plus the extension the bytes prove; nothing the client
 * sends (file name, path, type) becomes part of a path. The client's file name is kept as plain text only.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** The extension each type is stored and served under. */
export const UPLOAD_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' } as const satisfies Record<
  UploadType,
  string
>;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[UploadType];
/** Walls decode every picture they show: larger ones are refused (a 16384² PNG decodes to 1 GB). */
export const PICTURE_MAX_SIDE = 16384;
export const PICTURE_MAX_PIXELS = 64_000_000;
/** Header carrying the original file name (URI-encoded), shown in the picture list; optional. */
export const UPLOAD_NAME_HEADER = 'x-file-name';

/** GET /api/files/:name: public (walls load pictures with <img>), immutable, nosniff; the name is unguessable. */
export const STORED_FILE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp|gif)$/;
export const STORED_FILE_PATH_PREFIX = '/api/files/';
export const storedFileUrl = (sha256: string, ext: UploadExtension): string => `${STORED_FILE_PATH_PREFIX}${sha256}.${ext}`;
export const fileNameParams = z.object({ name: z.string().regex(STORED_FILE_NAME, 'Not a stored file name') });
export const fileIdParams = z.object({ id: z.coerce.number().int().positive() });

export interface StoredFile {
  id: number;
  /** Same-origin path to put in a board or sprite: /api/files/<sha256>.<ext> */
  url: string;
  /** The uploader's file name, plain text. */
  name: string;
  contentType: UploadType;
  size: number;
  width: number | null;
  height: number | null;
  uploadedAt: number;
  uploadedBy: string;
}
