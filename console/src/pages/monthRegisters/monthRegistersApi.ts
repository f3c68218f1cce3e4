import type { AxiosInstance } from 'axios';
import { envelopeData } from '@shared/api/envelopeData';
import type { MonthRegisterAnswer, MonthRegisterEdit, MonthRegisterQuery, MonthRegisterRow } from '@shared/schemas/monthRegisters';

export type MonthRegisterExportFormat = 'csv' | 'xlsx';

/** /api/month-registers (server/modules/monthRegisters). */
export interface MonthRegistersApi {
  list(query: MonthRegisterQuery): Promise<MonthRegisterAnswer>;
  /** The record as a file, headed in `lang` (the request carries the token, so a plain link cannot be used). */
  exportFile(query: MonthRegisterQuery, format: MonthRegisterExportFormat, lang: string): Promise<Blob>;
  edit(body: MonthRegisterEdit): Promise<MonthRegisterRow>;
}

export function createMonthRegistersApi(http: AxiosInstance): MonthRegistersApi {
  return {
    list: (query) => envelopeData(http.get('/month-registers', { params: query })),
    exportFile: async (query, format, lang) =>
      (await http.get<Blob>('/month-registers/export', { params: { ...query, format, lang }, responseType: 'blob' })).data,
    edit: (body) => envelopeData(http.put('/month-registers', body)),
  };
}
