import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ForwardBatch } from '@shared/schemas/forwarding';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from '../forwarding/signature';

/** Every this many-th signed batch is answered 503, so the call records show a failed attempt and its retry. */
export const DEMO_REGULATOR_UNAVAILABLE_EVERY = 15;
/** A batch is a few hundred items at most: anything much larger is not the forwarder's. */
const BODY_LIMIT = 5_000_000;

export interface DemoRegulatorCounts {
  /** Batches taken (answered 204). */
  batches: number;
  /** Items of the batches taken, by their `type` (reading, energy, alarm, test). */
  items: Record<string, number>;
  /** Requests not taken: a bad or missing signature (401), a body that is not a batch (400), the planned 503. */
  refused: number;
}

/**
 * The demo's stand-in for a regulator's platform (as `server/prepaid/provider/demoProvider.ts` stands in for the
 * payment provider): an HTTP server on loopback that takes the forwarder's batches the way the integrators' guide
 * in `server/forwarding/README.md` asks a receiver to, checking the signature over the raw body before parsing it.
 * It keeps nothing of what it receives, only counters for its log line.
 */
export class DemoRegulator {
  readonly counts: DemoRegulatorCounts = { batches: 0, items: {}, refused: 0 };
  private signed = 0;
  private readonly server: Server;

  /** `secret`: the endpoint's signing secret, looked up per batch so an edit on the settings screen applies at once. */
  constructor(private readonly secret: () => string | null | Promise<string | null>) {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  /** Listens on 127.0.0.1 at a free port; answers the URL to configure. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/energy-data`;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** "12 batches taken (reading 1150, energy 24, alarm 3), 1 refused". */
  summary(): string {
    const items = Object.entries(this.counts.items).map(([type, count]) => `${type} ${count}`);
    return `${this.counts.batches} batches taken${items.length ? ` (${items.join(', ')})` : ''}, ${this.counts.refused} refused`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const body = await readBody(request);
      const answer = body === null ? 413 : await this.answer(request, body);
      if (answer !== 204) this.counts.refused++;
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 204 ? undefined : REASONS[answer]);
    } catch {
      this.counts.refused++;
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    }
  }

  private async answer(request: IncomingMessage, body: Buffer): Promise<number> {
    if (request.method !== 'POST' && request.method !== 'PUT') return 405;
    const signature = request.headers[SIGNATURE_HEADER];
    const timestamp = request.headers[TIMESTAMP_HEADER];
    const secret = await this.secret();
    if (!secret || typeof signature !== 'string' || typeof timestamp !== 'string' || !verifySignature(secret, timestamp, body, signature)) return 401;
    let batch: ForwardBatch;
    try {
      batch = JSON.parse(body.toString('utf8')) as ForwardBatch;
    } catch {
      return 400;
    }
    if (!Array.isArray(batch?.items)) return 400;
    if (++this.signed % DEMO_REGULATOR_UNAVAILABLE_EVERY === 0) return 503;
    this.counts.batches++;
    for (const item of batch.items) {
      const type = typeof item?.type === 'string' ? item.type : 'unknown';
      this.counts.items[type] = (this.counts.items[type] ?? 0) + 1;
    }
    return 204;
  }
}

const REASONS: Record<number, string> = {
  400: 'not a batch',
  401: 'signature missing or invalid',
  405: 'POST or PUT only',
  413: 'batch too large',
  503: 'regulator platform busy, try again later',
};

/** The raw body (the signature covers its exact bytes); null past the limit. */
function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > BODY_LIMIT ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
