/** The REST calls browser suites make beside the browser: set-up and checks against the real server. */
export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/** One call; `path` starts at the origin (`/api/...`); the answer's envelope whatever its code. */
export async function callApi<T>(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Envelope<T>;
}

export const bearerHeader = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** The data of a call that must succeed (a failure throws with the server's code and message). */
export async function apiData<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const envelope = await callApi<T>(baseUrl, method, path, body, bearerHeader(token));
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** A third-party interface key, created and activated by the signed-in admin: what `x-interface-key` takes. */
export async function activeInterfaceKey(baseUrl: string, token: string, name: string): Promise<string> {
  const { key } = await apiData<{ key: string }>(baseUrl, token, 'POST', '/api/interface-keys', { name });
  await apiData(baseUrl, token, 'POST', '/api/interface-keys/activate', { key });
  return key;
}
