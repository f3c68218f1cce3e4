/**
 * A question the IMO tables cannot answer (a year without a reduction factor, a tonnage that is not positive).
 * Thrown rather than guessed: a required CII for a year IMO has not set would be a made-up figure.
 */
export class CiiTableError extends RangeError {
  override readonly name = 'CiiTableError';
}
