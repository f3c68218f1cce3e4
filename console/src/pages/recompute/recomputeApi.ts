import type { AxiosInstance } from 'axios';
import { envelopeData } from '@shared/api/envelopeData';
import type { RecomputeJob } from '@shared/schemas/recomputeJobs';

/** The recompute jobs' progress (server/modules/bandFigures): the caller's tree, newest first. */
export interface RecomputeApi {
  list(limit?: number): Promise<RecomputeJob[]>;
}

export const createRecomputeApi = (http: AxiosInstance): RecomputeApi => ({
  list: (limit = 50) => envelopeData(http.get('/recompute-jobs', { params: { limit } })),
});
