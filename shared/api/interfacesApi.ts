import type { AxiosInstance } from 'axios';
import type { InterfaceKey } from '../schemas/interfaces';
import type { Page } from './energyApi';
import { envelopeData } from './envelopeData';

/** The answer to a create: the only time the full key text is sent. */
export interface IssuedInterfaceKey extends InterfaceKey {
  key: string;
}

/** One recorded call of POST /api/ingest/readings; `keyId` is null when the key was unknown. */
export interface InterfaceCall {
  _id: number;
  keyId: number | null;
  at: number;
  ip: string;
  accepted: number;
  rejected: number;
  /** The envelope code the caller got: 0 ok, otherwise from the error catalogue. */
  code: number;
  durationMs: number;
}

/** Third-party interface keys and their call records (server/modules/interfaces/keyRoutes.ts). */
export interface InterfacesApi {
  keys(): Promise<Page<InterfaceKey>>;
  createKey(name: string): Promise<IssuedInterfaceKey>;
  /** 10009 unknown or revoked key, 10010 already active. */
  activateKey(key: string): Promise<InterfaceKey>;
  revokeKey(id: number): Promise<null>;
  calls(query: { page: number; size: number }): Promise<Page<InterfaceCall>>;
}

export function createInterfacesApi(http: AxiosInstance): InterfacesApi {
  return {
    keys: () => envelopeData(http.get('/interface-keys')),
    createKey: (name) => envelopeData(http.post('/interface-keys', { name })),
    activateKey: (key) => envelopeData(http.post('/interface-keys/activate', { key })),
    revokeKey: (id) => envelopeData(http.delete(`/interface-keys/${id}`)),
    calls: (query) => envelopeData(http.get('/interface-calls', { params: query })),
  };
}
