import type { AxiosInstance } from 'axios';
import { envelopeData } from '../api/envelopeData';
import type { DepartmentNode } from './departments';
import type { ResourceDefinition, ResourceOption, ResourcePage } from './defineResource';
import type { ExportFormat, ImportMode, ImportResult } from './exchange';
import type { ResourceLanguage } from './resourceTexts';

export type ResourceRow = Record<string, unknown> & { id: number };

/** The generic API of one resource (server/resources/resourceRoutes.ts). */
export interface ResourceApi {
  list(query: Record<string, unknown>): Promise<ResourcePage<ResourceRow>>;
  create(values: Record<string, unknown>): Promise<ResourceRow>;
  update(id: number, values: Record<string, unknown>): Promise<ResourceRow>;
  remove(ids: readonly number[]): Promise<{ deleted: number }>;
  /** The filtered list as a file (the query's filters and keyword; paging is ignored). */
  exportFile(query: Record<string, unknown>, format: ExportFormat, lang: ResourceLanguage): Promise<Blob>;
  /** Uploads a CSV/XLSX file; `onUpload` hears the share sent (0..1). */
  importFile(file: Blob, fileName: string, mode: ImportMode, onUpload?: (share: number) => void): Promise<ImportResult>;
}

export function createResourceApi(http: AxiosInstance, definition: Pick<ResourceDefinition, 'path'>): ResourceApi {
  const base = `/${definition.path}`;
  return {
    list: (query) => envelopeData(http.get(base, { params: query })),
    create: (values) => envelopeData(http.post(base, values)),
    update: (id, values) => envelopeData(http.put(`${base}/${id}`, values)),
    remove: (ids) => envelopeData(ids.length === 1 ? http.delete(`${base}/${ids[0]}`) : http.delete(base, { data: { ids } })),
    exportFile: async (query, format, lang) => {
      const { page: _page, size: _size, ...filters } = query;
      return (await http.get<Blob>(`${base}/export`, { params: { ...filters, format, lang }, responseType: 'blob' })).data;
    },
    importFile: (file, fileName, mode, onUpload) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return envelopeData(
        http.post(`${base}/import`, form, {
          params: { mode },
          // The client's default is JSON; this makes axios send the form as multipart with its boundary.
          headers: { 'Content-Type': 'multipart/form-data' },
          onUploadProgress: (event) => onUpload?.(event.total ? event.loaded / event.total : 0),
        }),
      );
    },
  };
}

/** Choices for a picker: GET /api/<path>/options. */
export const fetchOptions = (http: AxiosInstance, path: string): Promise<ResourceOption[]> => envelopeData(http.get(`/${path}/options`));

export const fetchDepartmentTree = (http: AxiosInstance): Promise<DepartmentNode[]> => envelopeData(http.get('/departments/tree'));
