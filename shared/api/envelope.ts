import type { Envelope } from '../errors/envelope';

/** True when a response body is our envelope (failures carry it too, beside a real HTTP status). */
export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}
