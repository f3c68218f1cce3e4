import type { AxiosInstance } from 'axios';
import type { Envelope } from '../errors/envelope';
import type { RouterEntry, RouterGenerated, RouterInput } from '../schemas/router';
import { envelopeData } from './envelopeData';

/** The menu editor's calls (/settings/router, shared/schemas/router.ts). */
export interface RoutersApi {
  /** GET /api/routers/tree: every entry, menus and buttons (flat; `parent` links them). */
  tree(): Promise<RouterEntry[]>;
  create(input: RouterInput): Promise<RouterEntry>;
  update(id: number, input: RouterInput): Promise<RouterEntry>;
  remove(id: number): Promise<unknown>;
  /** GET /api/routers/generator: adds entries for the routes the product knows and the tree lacks. */
  generate(): Promise<RouterGenerated>;
}

/** The tree comes as `{ total, rows }` like GET /routers; a bare list is taken too. */
const rowsOf = async (request: Promise<{ data: Envelope<RouterEntry[] | { rows: RouterEntry[] }> }>): Promise<RouterEntry[]> => {
  const data = await envelopeData(request);
  return Array.isArray(data) ? data : (data?.rows ?? []);
};

export function createRoutersApi(http: AxiosInstance): RoutersApi {
  return {
    tree: () => rowsOf(http.get('/routers/tree')),
    create: (input) => envelopeData(http.post('/routers', input)),
    update: (id, input) => envelopeData(http.put(`/routers/${id}`, input)),
    remove: (id) => envelopeData(http.delete(`/routers/${id}`)),
    generate: () => envelopeData(http.get('/routers/generator')),
  };
}
