import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { STORED_FILE_NAME, STORED_FILE_PATH_PREFIX, type StoredFile } from '@shared/schemas/files';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { FileRepository } from './fileRepository';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { checkPicture } from './pictureCheck';
import { uploadName } from './uploadName';

/** One upload as the route received it. */
export interface Upload {
  body: unknown;
  contentType: string | undefined;
  nameHeader: string | string[] | undefined;
  uploadedBy: string;
  /** The owner the row gets: the uploader's tree root. */
  ownerUserId: number;
}

/** Upload, list, delete and serve pictures; the bytes decide what a file is, never the client. */
export class FileService {
  readonly files: FileRepository;

  constructor(db: Kysely<Database>) {
    this.files = new FileRepository(db);
  }

  async upload(upload: Upload): Promise<StoredFile> {
    const bytes = Buffer.isBuffer(upload.body) ? upload.body : Buffer.alloc(0);
    const picture = checkPicture(bytes, upload.contentType);
    return this.files.store({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      content: bytes,
      ext: picture.ext,
      contentType: picture.type,
      originalName: uploadName(upload.nameHeader),
      width: picture.width,
      height: picture.height,
      uploadedBy: upload.uploadedBy,
      ownerUserId: upload.ownerUserId,
    });
  }

  /** The pictures of the caller's tree. */
  list(caller: OwnerScope): Promise<StoredFile[]> {
    return this.files.list(ownerIds(caller));
  }

  async remove(id: number): Promise<void> {
    if (!(await this.files.remove(id))) throw new AppError('NOT_FOUND', { message: 'No such file' });
  }

  /** The bytes behind a name that already matched STORED_FILE_NAME. */
  async serve(name: string): Promise<{ sha256: string; content: Buffer; contentType: string }> {
    const [sha256 = '', ext = ''] = name.split('.');
    const found = await this.files.content(sha256, ext);
    if (!found) throw new AppError('NOT_FOUND', { message: 'No such file' });
    return { sha256, ...found };
  }

  /** Whether a same-origin picture URL names a file stored for the tree `within` (/api/files/<sha256>.<ext>). */
  async isStoredUrl(url: string, within: OwnerScope): Promise<boolean> {
    if (!url.startsWith(STORED_FILE_PATH_PREFIX)) return false;
    const name = url.slice(STORED_FILE_PATH_PREFIX.length);
    if (!STORED_FILE_NAME.test(name)) return false;
    const [sha256 = '', ext = ''] = name.split('.');
    return this.files.exists(sha256, ext, ownerIds(within));
  }
}
