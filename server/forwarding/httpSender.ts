import { randomUUID } from 'node:crypto';
import type { ForwardBatch, ForwardHeader, ForwardItem, ForwardMethod } from '@shared/schemas/forwarding';
import { signBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signature';

/** Where and how one endpoint is called. */
export interface EndpointTarget {
  name: string;
  url: string;
  method: ForwardMethod;
  headers: ForwardHeader[];
  secret: string | null;
}

export interface CallOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** A refusing answer's first characters go into the record; the rest is not read. */
const ERROR_TEXT_LIMIT = 300;

export const newDelivery = (): string => randomUUID();

/**
 * One HTTP call with a batch: JSON body, signed when the endpoint has a secret, redirects not followed
 * (a signed body is not handed to another address), 2xx is success. Never throws: a network failure or
 * a timeout is an outcome without status.
 */
export async function sendBatch(
  target: EndpointTarget,
  delivery: string,
  items: ForwardItem[],
  attempt: number,
  timeoutMs: number,
  now = Date.now(),
  stop?: AbortSignal,
): Promise<CallOutcome> {
  const batch: ForwardBatch = { delivery, endpoint: target.name, sentAt: now, items };
  const body = JSON.stringify(batch);
  const headers: Record<string, string> = {};
  for (const header of target.headers) headers[header.name] = header.value;
  headers['content-type'] = 'application/json';
  headers['user-agent'] = 'energy-console-forwarder';
  headers['x-energy-delivery'] = delivery;
  headers['x-energy-attempt'] = String(attempt);
  if (target.secret) {
    headers[TIMESTAMP_HEADER] = String(now);
    headers[SIGNATURE_HEADER] = signBody(target.secret, now, body);
  }
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(target.url, {
      method: target.method,
      headers,
      body,
      redirect: 'manual',
      signal: stop ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]) : AbortSignal.timeout(timeoutMs),
    });
    const ok = response.status >= 200 && response.status < 300;
    let error: string | null = null;
    if (!ok) error = `HTTP ${response.status}${await excerpt(response)}`;
    else await response.body?.cancel();
    return { ok, status: response.status, error, durationMs: elapsed() };
  } catch (failure) {
    return { ok: false, status: null, error: failureText(failure, timeoutMs), durationMs: elapsed() };
  }
}

async function excerpt(response: Response): Promise<string> {
  try {
    const text = (await response.text()).replace(/\s+/g, ' ').trim();
    return text ? `: ${text.slice(0, ERROR_TEXT_LIMIT)}` : '';
  } catch {
    return '';
  }
}

/** "fetch failed: connect ECONNREFUSED 127.0.0.1:9": fetch hides the reason in `cause`. */
function failureText(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  if (error.name === 'AbortError') return 'cut short: the server is shutting down';
  const cause = (error as { cause?: unknown }).cause;
  const text = cause instanceof Error && cause.message ? `${error.message}: ${cause.message}` : error.message;
  return text.slice(0, ERROR_TEXT_LIMIT);
}
