import type { AxiosInstance } from 'axios';
import type { Page } from '@shared/api/energyApi';
import { envelopeData } from '@shared/api/envelopeData';
import type { BillAnalysisDetail, BillAnalysisSummary, BillReapply, BillTargets, BillTemplateBody, BillTemplateView } from '@shared/reports/billSchemas';

export interface BillListQuery {
  page: number;
  size: number;
  state?: string;
}

/** /api/bill-templates and /api/bill-analyses (server/modules/billAnalysis). */
export interface BillAnalysisApi {
  templates(): Promise<BillTemplateView[]>;
  createTemplate(body: BillTemplateBody): Promise<BillTemplateView>;
  updateTemplate(id: number, body: BillTemplateBody): Promise<BillTemplateView>;
  removeTemplate(id: number): Promise<void>;
  list(query: BillListQuery): Promise<Page<BillAnalysisSummary>>;
  get(id: number): Promise<BillAnalysisDetail>;
  /** The PDF with the template and targets, as one multipart upload. */
  analyse(file: File, templateId: number, targets: BillTargets | null): Promise<BillAnalysisDetail>;
  reapply(id: number, body: BillReapply): Promise<BillAnalysisDetail>;
  remove(id: number): Promise<void>;
  /** The stored PDF (the request carries the token, so a plain link cannot be used). */
  pdf(id: number): Promise<Blob>;
  options(kind: 'meters' | 'departments'): Promise<{ id: number; name: string }[]>;
}

export function createBillAnalysisApi(http: AxiosInstance): BillAnalysisApi {
  return {
    templates: () => envelopeData(http.get('/bill-templates')),
    createTemplate: (body) => envelopeData(http.post('/bill-templates', body)),
    updateTemplate: (id, body) => envelopeData(http.put(`/bill-templates/${id}`, body)),
    removeTemplate: async (id) => void (await http.delete(`/bill-templates/${id}`)),
    list: (query) => envelopeData(http.get('/bill-analyses', { params: query })),
    get: (id) => envelopeData(http.get(`/bill-analyses/${id}`)),
    analyse: (file, templateId, targets) => {
      const form = new FormData();
      form.append('templateId', String(templateId));
      if (targets) form.append('targets', JSON.stringify(targets));
      form.append('file', file, file.name);
      return envelopeData(http.post('/bill-analyses', form, { headers: { 'Content-Type': 'multipart/form-data' } }));
    },
    reapply: (id, body) => envelopeData(http.put(`/bill-analyses/${id}`, body)),
    remove: async (id) => void (await http.delete(`/bill-analyses/${id}`)),
    pdf: async (id) => (await http.get<Blob>(`/bill-analyses/${id}/pdf`, { responseType: 'blob' })).data,
    options: async (kind) => (await envelopeData<{ id: number; name: string }[] | null>(http.get(`/${kind}/options`))) ?? [],
  };
}
