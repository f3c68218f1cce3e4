import { expect } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';

/** Shanghai keeps no daylight saving: local midnight is 16:00 UTC the day before. */
export const TZ = 'Asia/Shanghai';
export const at = (dateTime: string): number => Date.parse(`${dateTime}+08:00`);

export interface EnergyKit {
  t: TestApp;
  token: string;
  get(url: string, query?: Record<string, unknown>): Promise<{ status: number; body: any }>;
  send(method: 'POST' | 'PUT', url: string, payload: unknown): Promise<{ status: number; body: any }>;
  /** Stores readings through the ingest pipeline as gateway GW-DEMO-01 and expects all accepted. */
  ingest(readings: { meter: string; ts: number; values: Record<string, number> }[]): Promise<void>;
  id(table: 'meters' | 'departments' | 'subitems', code: string): Promise<number>;
}

export async function energyKit(): Promise<EnergyKit> {
  const t = await createTestApp({ timeZone: TZ });
  const token = await loginAs(t.app);
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json() };
  };
  return {
    t,
    token,
    get: (url, query = {}) => call('GET', `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`),
    send: (method, url, payload) => call(method, url, payload),
    async ingest(readings) {
      const outcome = await t.app.ingest.submit({ readings }, { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' });
      expect(outcome).toMatchObject({ accepted: readings.length, rejected: [] });
    },
    async id(table, code) {
      return (await t.app.storage.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    },
  };
}
