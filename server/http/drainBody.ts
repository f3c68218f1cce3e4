import type { IncomingMessage } from 'node:http';

/** How far past its limit a refused body is still read, as a multiple of the limit. */
export const DRAIN_FACTOR = 4;
/** A sender slower than this while being drained is answered anyway. */
export const DRAIN_TIMEOUT_MS = 15_000;

/**
 * Reads and discards what is left of a request body, up to `bound` bytes or `timeoutMs`, and resolves when
 * it ended or either limit was reached. Answering a too-large body at once and closing makes the kernel
 * reset a connection the sender is still writing to: the sender sees EPIPE or ECONNRESET instead of the
 * 413. Once the body is read, the answer arrives whole. A body declared past the bound is not read at all.
 */
export function drainRequestBody(raw: IncomingMessage, bound: number, timeoutMs = DRAIN_TIMEOUT_MS): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > bound) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > bound) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.on('close', finish);
    raw.resume();
  });
}
