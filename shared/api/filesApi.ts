import type { AxiosInstance } from 'axios';
import { UPLOAD_NAME_HEADER, type StoredFile } from '../schemas/files';
import { envelopeData } from './envelopeData';

/** Uploaded pictures (shared/schemas/files.ts). */
export interface FilesApi {
  /** Sends the bytes raw with the file's own type; the server checks what the bytes are. */
  upload(file: Blob & { name?: string }): Promise<StoredFile>;
  list(): Promise<StoredFile[]>;
  remove(id: number): Promise<unknown>;
}

export function createFilesApi(http: AxiosInstance): FilesApi {
  return {
    upload: (file) =>
      envelopeData(
        http.post('/files', file, {
          headers: { 'Content-Type': file.type || 'application/octet-stream', ...(file.name ? { [UPLOAD_NAME_HEADER]: encodeURIComponent(file.name) } : {}) },
        }),
      ),
    list: async () => (await envelopeData<StoredFile[]>(http.get('/files'))) ?? [],
    remove: (id) => envelopeData(http.delete(`/files/${id}`)),
  };
}
