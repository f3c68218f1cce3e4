import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { envelopeData } from '@shared/api/envelopeData';
import type {
  ForwardCallPage,
  forwardCallQuerySchema,
  ForwardEndpoint,
  ForwardEndpointInput,
  ForwardEndpointPage,
  ForwardTestResult,
} from '@shared/schemas/forwarding';
import { useStores } from '../../stores/StoreContext';

export type ForwardCallQuery = z.input<typeof forwardCallQuerySchema>;

/** /api/forward-endpoints and /api/forward-calls (server/forwarding/routes.ts). */
export interface WebServiceApi {
  endpoints(): Promise<ForwardEndpointPage>;
  endpointOptions(): Promise<{ id: number; name: string }[]>;
  create(body: ForwardEndpointInput): Promise<ForwardEndpoint>;
  update(id: number, body: ForwardEndpointInput): Promise<ForwardEndpoint>;
  remove(id: number): Promise<unknown>;
  setPaused(id: number, paused: boolean): Promise<ForwardEndpoint>;
  test(id: number): Promise<ForwardTestResult>;
  calls(query: ForwardCallQuery): Promise<ForwardCallPage>;
}

export function createWebServiceApi(http: AxiosInstance): WebServiceApi {
  return {
    endpoints: () => envelopeData(http.get('/forward-endpoints')),
    endpointOptions: () => envelopeData(http.get('/forward-endpoints/options')),
    create: (body) => envelopeData(http.post('/forward-endpoints', body)),
    update: (id, body) => envelopeData(http.put(`/forward-endpoints/${id}`, body)),
    remove: (id) => envelopeData(http.delete(`/forward-endpoints/${id}`)),
    setPaused: (id, paused) => envelopeData(http.post(`/forward-endpoints/${id}/${paused ? 'pause' : 'resume'}`)),
    test: (id) => envelopeData(http.post(`/forward-endpoints/${id}/test`)),
    calls: (query) => envelopeData(http.get('/forward-calls', { params: query })),
  };
}

/** The client over the console's one axios instance (its errors become the api toast). */
export function useWebServiceApi(): WebServiceApi {
  const root = useStores();
  return useMemo(() => createWebServiceApi(root.http), [root.http]);
}
