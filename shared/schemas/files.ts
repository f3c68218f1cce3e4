import { z } from 'zod';

/**
 * Uploaded pictures (issue 8): plant pictures for sprites and mimic widgets, board backgrounds, image widgets.
 *
 * POST /api/files with the raw bytes as the body and the picture's own Content-Type (no multipart): the server
 * reads the first bytes and accepts only what they prove (PNG, JPEG, WebP, GIF). SVG is refused (it can carry
 * script). The stored name is the SHA-256 of the bytes plus the extension the bytes prove; nothing the client
 * sends (file name, path, type) becomes part of a path. The client's file name is kept as plain text only.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** Header carrying the original file name (URI-encoded), shown in the picture list; optional. */
export const UPLOAD_NAME_HEADER = 'x-file-name';

/** GET /api/files/:name: public (walls load pictures with <img>), immutable, nosniff; the name is unguessable. */
export const STORED_FILE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp|gif)$/;
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
