import type { AxiosInstance } from 'axios';
import type { Page } from '@shared/api/energyApi';
import { envelopeData } from '@shared/api/envelopeData';
import type { CompletionPreview, DataCompletion, DataCompletionBody, DataCompletionQuery, DataGap, DataGapQuery } from '@shared/schemas/completion';

/** The data completion API (server/modules/completion). */
export interface CompletionApi {
  gaps(query: DataGapQuery): Promise<DataGap[]>;
  preview(body: DataCompletionBody): Promise<CompletionPreview>;
  complete(body: DataCompletionBody): Promise<DataCompletion>;
  history(query: DataCompletionQuery): Promise<Page<DataCompletion>>;
  undo(id: number): Promise<DataCompletion>;
}

export function createCompletionApi(http: AxiosInstance): CompletionApi {
  return {
    gaps: (query) => envelopeData(http.get('/data-gaps', { params: query })),
    preview: (body) => envelopeData(http.post('/data-completions/preview', body)),
    complete: (body) => envelopeData(http.post('/data-completions', body)),
    history: (query) => envelopeData(http.get('/data-completions', { params: query })),
    undo: (id) => envelopeData(http.delete(`/data-completions/${id}`)),
  };
}
