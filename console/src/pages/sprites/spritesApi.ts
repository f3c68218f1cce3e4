import type { AxiosInstance } from 'axios';
import { useMemo } from 'react';
import type { Envelope } from '@shared/errors/envelope';
import { envelopeData } from '@shared/api/envelopeData';
import type { Sprite, SpriteBody } from '@shared/schemas/sprites';
import { useStores } from '../../stores/StoreContext';

/** The sprite routes of shared/schemas/sprites.ts: GET/POST /api/sprites, GET/PUT/DELETE /api/sprites/:id. */
export interface SpritesApi {
  list(): Promise<Sprite[]>;
  get(id: number): Promise<Sprite>;
  create(body: SpriteBody): Promise<Sprite>;
  update(id: number, body: SpriteBody): Promise<Sprite>;
  remove(id: number): Promise<unknown>;
}

/** The contract names the list route, not whether it answers bare or paged: both are taken. */
const listOf = async (request: Promise<{ data: Envelope<Sprite[] | { rows: Sprite[] }> }>): Promise<Sprite[]> => {
  const data = await envelopeData(request);
  return Array.isArray(data) ? data : (data?.rows ?? []);
};

export function createSpritesApi(http: AxiosInstance): SpritesApi {
  return {
    list: () => listOf(http.get('/sprites')),
    get: (id) => envelopeData(http.get(`/sprites/${id}`)),
    create: (body) => envelopeData(http.post('/sprites', body)),
    update: (id, body) => envelopeData(http.put(`/sprites/${id}`, body)),
    remove: (id) => envelopeData(http.delete(`/sprites/${id}`)),
  };
}

/** The sprites client on the console's axios instance (token, envelope, error toast). */
export function useSpritesApi(): SpritesApi {
  const root = useStores();
  return useMemo(() => createSpritesApi(root.http), [root.http]);
}
