import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ForwardBatch } from '@shared/schemas/forwarding';
import { verifySignature } from './signature';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  batch: ForwardBatch;
  /** The signature checked with the receiver's secret (null: no secret to check with). */
  signatureValid: boolean | null;
  at: number;
}

/** What the receiver answers the n-th request (0-based): a status, or 'hang' to never answer. */
export type Reply = (index: number) => number | 'hang';

/**
 * An integrator's platform on loopback: records every request with its raw body, checks the signature
 * as a receiver would, and answers as told. Tests only.
 */
export class Receiver {
  readonly received: Received[] = [];
  private readonly server: Server;
  private readonly hanging = new Set<() => void>();
  private waiters: { count: number; resolve: () => void }[] = [];
  reply: Reply = () => 200;

  constructor(private readonly secret: string | null = null) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const signature = request.headers['x-energy-signature'];
        const timestamp = request.headers['x-energy-timestamp'];
        const index = this.received.length;
        this.received.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body,
          batch: JSON.parse(body.toString('utf8')) as ForwardBatch,
          signatureValid:
            this.secret === null
              ? null
              : typeof signature === 'string' && typeof timestamp === 'string' && verifySignature(this.secret, timestamp, body, signature),
          at: Date.now(),
        });
        this.waiters = this.waiters.filter((w) => (this.received.length >= w.count ? (w.resolve(), false) : true));
        const answer = this.reply(index);
        if (answer === 'hang') {
          this.hanging.add(() => response.destroy());
          return;
        }
        response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 300 ? 'receiver refused' : 'ok');
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/energy`;
  }

  /** Resolves once `count` requests arrived (fails the test after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`receiver got ${this.received.length} of ${count} requests`)), timeoutMs);
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  get items() {
    return this.received.flatMap((r) => r.batch.items);
  }

  async close(): Promise<void> {
    for (const end of this.hanging) end();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
