import type { AxiosInstance } from 'axios';
import { envelopeData } from '../api/envelopeData';
import type { DepartmentNode } from './departments';
import type { ResourceDefinition, ResourceOption, ResourcePage } from './defineResource';

export type ResourceRow = Record<string, unknown> & { id: number };

/** The generic CRUD API of one resource (server/resources/resourceRoutes.ts). */
export interface ResourceApi {
  list(query: Record<string, unknown>): Promise<ResourcePage<ResourceRow>>;
  create(values: Record<string, unknown>): Promise<ResourceRow>;
  update(id: number, values: Record<string, unknown>): Promise<ResourceRow>;
  remove(ids: readonly number[]): Promise<{ deleted: number }>;
}

export function createResourceApi(http: AxiosInstance, definition: Pick<ResourceDefinition, 'path'>): ResourceApi {
  const base = `/${definition.path}`;
  return {
    list: (query) => envelopeData(http.get(base, { params: query })),
    create: (values) => envelopeData(http.post(base, values)),
    update: (id, values) => envelopeData(http.put(`${base}/${id}`, values)),
    remove: (ids) => envelopeData(ids.length === 1 ? http.delete(`${base}/${ids[0]}`) : http.delete(base, { data: { ids } })),
  };
}

/** Choices for a picker: GET /api/<path>/options. */
export const fetchOptions = (http: AxiosInstance, path: string): Promise<ResourceOption[]> => envelopeData(http.get(`/${path}/options`));

export const fetchDepartmentTree = (http: AxiosInstance): Promise<DepartmentNode[]> => envelopeData(http.get('/departments/tree'));
