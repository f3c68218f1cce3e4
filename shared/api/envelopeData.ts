import type { Envelope } from '../errors/envelope';

/** Resolves with the envelope's `data` (failures were already turned into ApiError by the client). */
export const envelopeData = async <T>(request: Promise<{ data: Envelope<T> }>): Promise<T> => (await request).data.data;
