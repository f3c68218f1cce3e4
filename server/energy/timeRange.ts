import { AppError } from '../http/appError';

/** Spec §8 "Time out of range!" (20003): a backwards range, or one longer than the query may cover. */
export function assertRange(from: number, to: number, maxMs: number): void {
  if (from > to || to - from > maxMs) throw new AppError('TIME_OUT_OF_RANGE');
}
