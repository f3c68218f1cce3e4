import type { Envelope } from '../errors/envelope';
import { envelopeData } from './envelopeData';

/**
 * A list answer as the screen uses it. The contract names the routes but not whether a list comes bare or
 * paged (`{ total, rows }`); both are taken, so the console does not break on either choice.
 */
export const listOf = async <T>(request: Promise<{ data: Envelope<T[] | { rows: T[] }> }>): Promise<T[]> => {
  const data = await envelopeData(request);
  return Array.isArray(data) ? data : (data?.rows ?? []);
};
