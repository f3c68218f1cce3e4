import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

/** What a fake server answers for one request. */
export interface FakeReply {
  status?: number;
  statusText?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * An axios adapter that answers in-process, settling like axios's own adapters do
 * (validateStatus decides between resolve and AxiosError), so the interceptors see real shapes.
 */
export function fakeAdapter(reply: (config: InternalAxiosRequestConfig) => FakeReply | 'network-error'): AxiosAdapter {
  return async (config) => {
    const answer = reply(config);
    if (answer === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const status = answer.status ?? 200;
    const response = {
      data: answer.body,
      status,
      statusText: answer.statusText ?? 'OK',
      headers: new AxiosHeaders(answer.headers ?? {}),
      config,
    };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
    }
    return response;
  };
}
