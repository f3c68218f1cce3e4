import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@shared/schemas/files';

/**
 * The browser's first look at a picture before it is sent, so a wrong file is refused at once with a
 * clear reason. The server is the authority: it reads the bytes, not the declared type.
 */
export type PictureProblem = { kind: 'type'; type: string } | { kind: 'size'; size: number };

export function pictureProblem(file: { type: string; size: number }): PictureProblem | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return { kind: 'type', type: file.type };
  if (file.size > UPLOAD_MAX_BYTES) return { kind: 'size', size: file.size };
  return null;
}

/** Bytes as megabytes with at most one decimal (5, 6.3), for the size messages. */
export const megabytes = (bytes: number): string => String(Number((bytes / (1024 * 1024)).toFixed(1)));

/** The Upload's `accept`: what the file dialog offers first. */
export const PICTURE_ACCEPT = UPLOAD_TYPES.join(',');
