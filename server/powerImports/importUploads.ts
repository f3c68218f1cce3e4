import type { Kysely } from 'kysely';
import type { InspectedSheet, UploadInspection } from '@shared/powerImports/api';
import { guessDateFormat } from '@shared/powerImports/cellDates';
import { IMPORT_MAX_ROWS, INSPECT_SAMPLE_ROWS, UPLOAD_TTL_MS, type ImportKind } from '@shared/powerImports/constants';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { fileRefused } from '../resources/exchange/sheets';
import { inScope, type OwnerScope } from '../tenancy/ownerScope';
import { readImportFile, type FileSheet, type ImportFile } from './importFile';

export interface StoredUpload {
  id: number;
  ownerUserId: number;
  kind: ImportKind;
  fileName: string;
  file: ImportFile;
  sizeBytes: number;
  expiresAt: number;
}

const columnLetter = (index: number): string => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

function inspectSheet(sheet: FileSheet): InspectedSheet {
  const [head, ...body] = sheet.rows;
  const width = Math.max(0, ...sheet.rows.slice(0, INSPECT_SAMPLE_ROWS + 1).map((row) => row.cells.length));
  const columns = Array.from({ length: width }, (_, index) => ({ index, name: head?.cells[index]?.trim() || `Column ${columnLetter(index)}` }));
  return {
    name: sheet.name,
    rowCount: body.length,
    columns,
    rows: sheet.rows.slice(0, INSPECT_SAMPLE_ROWS + 1).map((row) => Array.from({ length: width }, (_, index) => row.cells[index] ?? '')),
    dateColumns: sheet.dateColumns,
  };
}

/** The first data row's first cell that reads as a date, its format guessed (Excel date cells: `excel`). */
function suggestFormat(file: ImportFile): UploadInspection['suggestedDateFormat'] {
  const sheet = file.sheets[0];
  if (!sheet) return null;
  if (sheet.dateColumns.length) return 'excel';
  for (const cell of sheet.rows[1]?.cells ?? []) {
    const guess = guessDateFormat(cell);
    if (guess) return guess;
  }
  return null;
}

export function inspectionOf(upload: StoredUpload): UploadInspection {
  return {
    uploadId: upload.id,
    kind: upload.kind,
    fileName: upload.fileName,
    format: upload.file.format,
    sizeBytes: upload.sizeBytes,
    expiresAt: upload.expiresAt,
    sheets: upload.file.sheets.map(inspectSheet),
    suggestedDateFormat: suggestFormat(upload.file),
  };
}

/**
 * Uploaded files, kept in the database for UPLOAD_TTL_MS so that any process serves the mapping, preview and import
 * steps that name them by id. A file is read once on upload (a file that cannot be read is refused then).
 */
export class ImportUploads {
  constructor(private readonly db: Kysely<Database>) {}

  async store(scope: OwnerScope, userId: number, kind: ImportKind, fileName: string, bytes: Buffer, now = Date.now()): Promise<StoredUpload> {
    const file = await readImportFile(bytes);
    const rows = file.sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
    if (rows === 0) throw fileRefused('The file has no rows');
    if (file.sheets.some((sheet) => sheet.rows.length > IMPORT_MAX_ROWS + 1))
      throw fileRefused(`The file has more than ${IMPORT_MAX_ROWS} rows; split it into several files`);
    await this.purgeExpired(now);
    const format = file.format;
    const expiresAt = now + UPLOAD_TTL_MS;
    const row = await this.db
      .insertInto('import_uploads')
      .values({
        owner_user_id: scope.home,
        kind,
        file_name: fileName,
        format,
        content: bytes,
        size_bytes: bytes.length,
        created_by: userId,
        created_at: now,
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), ownerUserId: scope.home, kind, fileName, file, sizeBytes: bytes.length, expiresAt };
  }

  /** An upload of the caller's tree and of this kind, not expired; 404 otherwise (another tree's is not confirmed). */
  async load(scope: OwnerScope, kind: ImportKind, id: number, now = Date.now()): Promise<StoredUpload> {
    const row = await this.db.selectFrom('import_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !inScope(scope, Number(row.owner_user_id)) || row.kind !== kind || Number(row.expires_at) < now)
      throw new AppError('NOT_FOUND', { message: `Upload ${id} was not found (an upload is kept for 24 hours; upload the file again)` });
    return this.fromRow(row);
  }

  /** The upload a job reads, whatever its expiry (a queued batch keeps its upload). */
  async forJob(id: number): Promise<StoredUpload | null> {
    const row = await this.db.selectFrom('import_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? this.fromRow(row) : null;
  }

  private async fromRow(row: {
    id: number;
    owner_user_id: number;
    kind: string;
    file_name: string;
    content: Buffer;
    size_bytes: number;
    expires_at: number;
  }): Promise<StoredUpload> {
    return {
      id: Number(row.id),
      ownerUserId: Number(row.owner_user_id),
      kind: row.kind as ImportKind,
      fileName: row.file_name,
      file: await readImportFile(Buffer.from(row.content)),
      sizeBytes: Number(row.size_bytes),
      expiresAt: Number(row.expires_at),
    };
  }

  /** Expired uploads go, except those a queued or running batch still reads. */
  async purgeExpired(now = Date.now()): Promise<number> {
    const result = await this.db
      .deleteFrom('import_uploads')
      .where('expires_at', '<', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('import_batches')
              .select('import_batches.id')
              .whereRef('import_batches.upload_id', '=', 'import_uploads.id')
              .where('import_batches.state', 'in', ['queued', 'running']),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
