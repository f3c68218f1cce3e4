import type { AxiosInstance } from 'axios';
import type {
  AssignmentTarget,
  EffectiveTariffList,
  EffectiveTariffQuery,
  Tariff,
  TariffAssignment,
  TariffAssignmentBody,
  TariffBody,
  TariffEnergyType,
  TariffVersion,
  TariffVersionBody,
} from '../schemas/tariffs';
import type { Envelope } from '../errors/envelope';
import { envelopeData } from './envelopeData';

export interface TariffAssignmentQuery {
  tariffId?: number;
  target?: AssignmentTarget;
  targetId?: number;
  energyType?: TariffEnergyType;
}

/** Tariffs, their effective-dated versions and assignments (server/modules/tariffs, /devices/peakvalley). */
export interface TariffsApi {
  list(): Promise<Tariff[]>;
  get(id: number): Promise<Tariff>;
  create(body: TariffBody): Promise<Tariff>;
  update(id: number, body: TariffBody): Promise<Tariff>;
  remove(id: number): Promise<unknown>;
  /** One version with its definition and the rule warnings the server found. */
  version(id: number): Promise<TariffVersion>;
  createVersion(tariffId: number, body: TariffVersionBody): Promise<TariffVersion>;
  updateVersion(id: number, body: TariffVersionBody): Promise<TariffVersion>;
  removeVersion(id: number): Promise<unknown>;
  assignments(query?: TariffAssignmentQuery): Promise<TariffAssignment[]>;
  assign(body: TariffAssignmentBody): Promise<TariffAssignment>;
  unassign(id: number): Promise<unknown>;
  effective(query: EffectiveTariffQuery): Promise<EffectiveTariffList>;
}

/** `{ items }` answers as a plain array (a bare array is taken too). */
const itemsOf = async <T>(request: Promise<{ data: Envelope<T[] | { items: T[] }> }>): Promise<T[]> => {
  const data = await envelopeData(request);
  return Array.isArray(data) ? data : (data?.items ?? []);
};

const params = (query: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));

export function createTariffsApi(http: AxiosInstance): TariffsApi {
  return {
    list: () => itemsOf(http.get('/tariffs')),
    get: (id) => envelopeData(http.get(`/tariffs/${id}`)),
    create: (body) => envelopeData(http.post('/tariffs', body)),
    update: (id, body) => envelopeData(http.put(`/tariffs/${id}`, body)),
    remove: (id) => envelopeData(http.delete(`/tariffs/${id}`)),
    version: (id) => envelopeData(http.get(`/tariff-versions/${id}`)),
    createVersion: (tariffId, body) => envelopeData(http.post(`/tariffs/${tariffId}/versions`, body)),
    updateVersion: (id, body) => envelopeData(http.put(`/tariff-versions/${id}`, body)),
    removeVersion: (id) => envelopeData(http.delete(`/tariff-versions/${id}`)),
    assignments: (query = {}) => itemsOf(http.get('/tariff-assignments', { params: params(query) })),
    assign: (body) => envelopeData(http.post('/tariff-assignments', body)),
    unassign: (id) => envelopeData(http.delete(`/tariff-assignments/${id}`)),
    effective: (query) => envelopeData(http.get('/tariff-assignments/effective', { params: params(query) })),
  };
}
