import type { Kysely, Selectable } from 'kysely';
import { storedFileUrl, type StoredFile, type UploadExtension, type UploadType } from '@shared/schemas/files';
import type { Database, FilesTable } from '../db/schema';

/** A new upload, already checked: bytes, what they proved, and who sent them. */
export interface NewFile {
  sha256: string;
  content: Buffer;
  ext: UploadExtension;
  contentType: UploadType;
  originalName: string;
  width: number;
  height: number;
  uploadedBy: string;
  /** The tree the row belongs to (the uploader's tree root). */
  ownerUserId: number;
}

/** Everything but the bytes: lists never read them. */
const META = ['id', 'sha256', 'ext', 'content_type', 'original_name', 'size', 'width', 'height', 'uploaded_at', 'uploaded_by'] as const;
type FileMeta = Pick<Selectable<FilesTable>, (typeof META)[number]>;

function toStoredFile(row: FileMeta): StoredFile {
  return {
    id: row.id,
    url: storedFileUrl(row.sha256, row.ext as UploadExtension),
    name: row.original_name,
    contentType: row.content_type as UploadType,
    size: row.size,
    width: row.width,
    height: row.height,
    uploadedAt: row.uploaded_at,
    uploadedBy: row.uploaded_by,
  };
}

/** Uploaded pictures, bytes in the database (files table, migration 0011). */
export class FileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores the bytes once per tree: the same bytes again from the same tree (even concurrently) answer the
   * row already there; another tree gets a row of its own.
   */
  async store(file: NewFile): Promise<StoredFile> {
    await this.db
      .insertInto('files')
      .values({
        sha256: file.sha256,
        content: file.content,
        ext: file.ext,
        content_type: file.contentType,
        original_name: file.originalName,
        size: file.content.length,
        width: file.width,
        height: file.height,
        uploaded_at: Date.now(),
        uploaded_by: file.uploadedBy,
        owner_user_id: file.ownerUserId,
      })
      .onConflict((conflict) => conflict.columns(['sha256', 'owner_user_id']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('files')
      .select(META)
      .where('sha256', '=', file.sha256)
      .where('owner_user_id', '=', file.ownerUserId)
      .executeTakeFirstOrThrow();
    return toStoredFile(row);
  }

  /** Newest first; `owners`: only the files of these owners (a caller's tree), null for all. */
  async list(owners: readonly number[] | null): Promise<StoredFile[]> {
    if (owners !== null && owners.length === 0) return [];
    let query = this.db.selectFrom('files').select(META);
    if (owners !== null) query = query.where('owner_user_id', 'in', [...owners]);
    const rows = await query.orderBy('uploaded_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toStoredFile);
  }

  /** Answers whether a row was deleted. */
  async remove(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('files').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The bytes and type behind a stored name (<sha256>.<ext>), from any tree's row: the bytes are the same. */
  async content(sha256: string, ext: string): Promise<{ content: Buffer; contentType: string } | undefined> {
    const row = await this.db
      .selectFrom('files')
      .select(['content', 'content_type'])
      .where('sha256', '=', sha256)
      .where('ext', '=', ext)
      .limit(1)
      .executeTakeFirst();
    return row && { content: row.content, contentType: row.content_type };
  }

  /** Whether these bytes are stored for one of `owners` (null: for any tree). */
  async exists(sha256: string, ext: string, owners: readonly number[] | null): Promise<boolean> {
    if (owners !== null && owners.length === 0) return false;
    let query = this.db.selectFrom('files').select('id').where('sha256', '=', sha256).where('ext', '=', ext);
    if (owners !== null) query = query.where('owner_user_id', 'in', [...owners]);
    const row = await query.limit(1).executeTakeFirst();
    return row !== undefined;
  }
}
