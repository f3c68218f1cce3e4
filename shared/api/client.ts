import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import { ApiError, NO_ENVELOPE_CODE } from './apiError';
import { isEnvelope } from './envelope';
import type { TokenSource } from './token';

/** Spec §9: the product waits a long time for slow report queries. */
export const REQUEST_TIMEOUT_MS = 1_000_000;
export const NEW_TOKEN_HEADER = 'x-new-token';

export interface ApiClientOptions {
  tokens: TokenSource;
  /** Called once per failed call, before the promise rejects; the console shows toasts from here. */
  onError?: (error: ApiError) => void;
  baseURL?: string;
  /** Lets tests answer requests in-process; production uses axios's own adapter. */
  adapter?: AxiosAdapter;
}

/**
 * The one axios instance per app. It stays free of UI: it attaches the token, adopts a renewed
 * token, and turns every failure into an ApiError handed to `onError`.
 */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const { tokens, onError } = options;
  const client = axios.create({
    baseURL: options.baseURL ?? '/api',
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  const fail = (error: ApiError): Promise<never> => {
    onError?.(error);
    return Promise.reject(error);
  };

  const adoptRenewedToken = (response: AxiosResponse | undefined): void => {
    if (!response) return;
    // Header names arrive in any case; AxiosHeaders looks them up case-insensitively.
    const renewed: unknown = AxiosHeaders.from(response.headers as AxiosHeaders).get(NEW_TOKEN_HEADER);
    if (typeof renewed === 'string' && renewed) tokens.set(renewed);
  };

  client.interceptors.request.use((config) => {
    const token = tokens.get();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      adoptRenewedToken(response);
      const body: unknown = response.data;
      if (isEnvelope(body) && body.code !== 0) {
        return fail(new ApiError(body.code, body.message, body.data, response.status));
      }
      return response;
    },
    (error: unknown) => {
      if (error instanceof AxiosError) adoptRenewedToken(error.response);
      return fail(toApiError(error));
    },
  );
  return client;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!(error instanceof AxiosError)) {
    return new ApiError(NO_ENVELOPE_CODE, error instanceof Error ? error.message : String(error));
  }
  const response = error.response;
  const body: unknown = response?.data;
  if (isEnvelope(body)) return new ApiError(body.code, body.message, body.data, response?.status);
  // Spec §8: transport failures read 'error-message:status-text'; without a response there is no status text.
  const message = response?.statusText ? `${error.message}:${response.statusText}` : error.message;
  return new ApiError(NO_ENVELOPE_CODE, message, undefined, response?.status);
}
