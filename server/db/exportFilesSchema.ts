import type { ColumnType } from 'kysely';

type EpochMs = ColumnType<number, number, number>;

/** Migration 0029: export jobs (meter history, settlement) and their finished files, so any process serves them. */
export interface ExportFilesTable {
  /** uuid: the job id the console polls */
  id: string;
  /** meterHistory | settlement */
  kind: string;
  owner_user_id: number;
  /** running | done | failed */
  state: string;
  /** csv | xlsx */
  format: string;
  file_name: string;
  rows_written: ColumnType<number, number | undefined, number>;
  total_rows: ColumnType<number, number | undefined, number>;
  /** 0..1 */
  progress: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: EpochMs;
  /** heartbeat of the process writing it; a running job not touched for a while lost its process */
  updated_at: EpochMs;
  /** the finished file; null while running */
  content: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
}

export interface ExportFilesTables {
  export_files: ExportFilesTable;
}
