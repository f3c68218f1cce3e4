import type { LightMyRequestResponse } from 'fastify';
import { bearer, type TestApp } from '@tests/support/testApp';

/** Shorthand calls for the resource tests: `api('POST', '/api/tags', body)` → the parsed envelope. */
export function resourceCaller(t: TestApp, token: () => string | undefined) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const current = token();
    const response: LightMyRequestResponse = await t.app.inject({
      method,
      url,
      ...(current ? { headers: bearer(current) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    const body = response.json() as { code: number; data: any; message: string };
    return { status: response.statusCode, ...body };
  };
}
