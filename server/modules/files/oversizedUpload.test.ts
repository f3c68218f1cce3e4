import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/files';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';

let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  token = await loginAs(t.app);
});
afterAll(() => t.close());

interface Outcome {
  status?: number;
  connection?: string;
  body?: unknown;
  error?: string;
}

/**
 * The client runs in a process of its own: in this process it would share the server's event loop, which
 * hides the race (the server answering and closing while the client is still writing) that real senders meet.
 * It POSTs `size` bytes in 64 KiB writes, `tries` times in a row (every 4th chunked, the rest with Content-Length).
 */
const CLIENT = `
const { request } = require('node:http');
const [port, token, size, tries] = process.argv.slice(1).map((v, i) => (i === 1 ? v : Number(v)));
function upload(chunked) {
  return new Promise((resolve) => {
    const headers = { authorization: 'Bearer ' + token, 'content-type': 'image/png' };
    if (!chunked) headers['content-length'] = size;
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/files', headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => { const text = Buffer.concat(chunks).toString('utf8'); resolve({ status: res.statusCode, connection: String(res.headers.connection), body: text ? JSON.parse(text) : undefined }); });
      res.on('error', (e) => resolve({ error: e.code || e.message }));
    });
    req.on('error', (e) => resolve({ error: e.code || e.message }));
    const block = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = size - sent >= block.length ? block : block.subarray(0, size - sent);
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}
(async () => { const out = []; for (let i = 0; i < tries; i++) out.push(await upload(i % 4 === 3)); process.stdout.write(JSON.stringify(out)); })();
`;

function uploads(size: number, tries: number): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, String(port), token, String(size), String(tries)]);
    let out = '';
    let err = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.stderr.on('data', (data: Buffer) => (err += data.toString()));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as Outcome[]) : reject(new Error(`client exited ${code}: ${err}`))));
  });
}

describe('an upload over the size limit, over a real socket', () => {
  it('gets the 413 envelope with connection: close, not a reset, in 20 of 20 tries of 20 MB', async () => {
    expect(4 * UPLOAD_MAX_BYTES).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    const outcomes = await uploads(20 * 1024 * 1024, 20);
    const expected: Outcome = {
      status: 413,
      connection: 'close',
      body: { code: ErrorCode.BODY_TOO_LARGE, data: null, message: 'The request body is too large' },
    };
    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((outcome) => JSON.stringify(outcome) !== JSON.stringify(expected))).toEqual([]);
  }, 120_000);

  it('still answers an upload within the limit on the same server afterwards', async () => {
    const [answer] = await uploads(1024, 1);
    // 1 KiB of "A" is no picture: the size passes and the content check answers.
    expect(answer).toMatchObject({ status: 415, body: { code: ErrorCode.UNSUPPORTED_FILE_TYPE } });
  });
});
