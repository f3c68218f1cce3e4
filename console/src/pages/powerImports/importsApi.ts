import type { AxiosInstance } from 'axios';
import { envelopeData } from '@shared/api/envelopeData';
import {
  FUEL_FACTORS_API,
  importApiBase,
  type FuelFactorsView,
  type FuelFactorView,
  type FuelPreview,
  type FuelRowView,
  type FuelSummary,
  type ImportBatchView,
  type ImportRowError,
  type Page,
  type PowerPreview,
  type PowerRowView,
  type UploadInspection,
} from '@shared/powerImports/api';
import type { ImportKind } from '@shared/powerImports/constants';
import type { FuelFactorInput, FuelMappingInput, FuelSummaryQuery, PowerMappingInput } from '@shared/powerImports/schemas';

export type ImportPreview = PowerPreview | FuelPreview;
export type MappingInput = PowerMappingInput | FuelMappingInput;

/** The client's base URL already ends in /api. */
const path = (full: string): string => full.replace(/^\/api/, '');

/** One import screen's calls: /api/power-imports or /api/fuel-imports (server/modules/powerImports). */
export interface ImportsApi {
  kind: ImportKind;
  /** The file as one multipart upload; `onUpload` gets the share sent, 0..1. */
  upload(file: Blob, fileName: string, onUpload?: (share: number) => void): Promise<UploadInspection>;
  preview(uploadId: number, mapping: MappingInput): Promise<ImportPreview>;
  start(uploadId: number, mapping: MappingInput): Promise<ImportBatchView>;
  batch(id: number): Promise<ImportBatchView>;
  batches(query: { page: number; size: number; state?: string }): Promise<Page<ImportBatchView>>;
  errors(id: number, query: { page: number; size: number }): Promise<Page<ImportRowError>>;
  rows(id: number, query: { page: number; size: number }): Promise<Page<PowerRowView | FuelRowView>>;
  undo(id: number): Promise<ImportBatchView>;
  options(kind: 'meter' | 'department'): Promise<{ id: number; name: string }[]>;
}

export function createImportsApi(http: AxiosInstance, kind: ImportKind): ImportsApi {
  const base = path(importApiBase(kind));
  return {
    kind,
    upload: (file, fileName, onUpload) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return envelopeData(
        http.post(`${base}/uploads`, form, {
          // The client's default is JSON; this makes axios send the form as multipart with its boundary.
          headers: { 'Content-Type': 'multipart/form-data' },
          onUploadProgress: (event) => onUpload?.(event.total ? event.loaded / event.total : 0),
        }),
      );
    },
    preview: (uploadId, mapping) => envelopeData(http.post(`${base}/preview`, { uploadId, mapping })),
    start: (uploadId, mapping) => envelopeData(http.post(`${base}/batches`, { uploadId, mapping })),
    batch: (id) => envelopeData(http.get(`${base}/batches/${id}`)),
    batches: (query) => envelopeData(http.get(`${base}/batches`, { params: query })),
    errors: (id, query) => envelopeData(http.get(`${base}/batches/${id}/errors`, { params: query })),
    rows: (id, query) => envelopeData(http.get(`${base}/batches/${id}/rows`, { params: query })),
    undo: (id) => envelopeData(http.delete(`${base}/batches/${id}`)),
    options: async (objectKind) =>
      (await envelopeData<{ id: number; name: string }[] | null>(http.get(objectKind === 'meter' ? '/meters/options' : '/departments/options'))) ?? [],
  };
}

/** The fuel screen's extra calls: converted totals and the factor versions. */
export interface FuelApi {
  summary(query: FuelSummaryQuery): Promise<FuelSummary>;
  factors(): Promise<FuelFactorsView>;
  createFactor(body: FuelFactorInput): Promise<FuelFactorView>;
  updateFactor(id: number, body: FuelFactorInput): Promise<FuelFactorView>;
}

export function createFuelApi(http: AxiosInstance): FuelApi {
  const factors = path(FUEL_FACTORS_API);
  return {
    summary: (query) => envelopeData(http.get(`${path(importApiBase('fuel'))}/summary`, { params: query })),
    factors: () => envelopeData(http.get(factors)),
    createFactor: (body) => envelopeData(http.post(factors, body)),
    updateFactor: (id, body) => envelopeData(http.put(`${factors}/${id}`, body)),
  };
}

/** The server's zone for days and months (TIME_ZONE), which a file's zone defaults to. */
export const serverTimeZone = async (http: AxiosInstance): Promise<string> => (await envelopeData<{ timeZone: string }>(http.get('/energy/summary'))).timeZone;
