/** HTTP adapters give a provider this long to answer. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export interface HttpAnswer {
  status: number;
  text: string;
  /** The body parsed as JSON, undefined when it is not JSON. */
  json: unknown;
}

/** POST a JSON body with the provider timeout; throws on a transport failure (refused, timeout). */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** The URL as provider_calls shows it: no user info, query (WeCom's key lives there) or fragment. */
export function publicEndpoint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'invalid URL';
  }
}

export const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

/** A field of a JSON object answer, undefined otherwise. */
export function field(json: unknown, name: string): unknown {
  return json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[name] : undefined;
}
