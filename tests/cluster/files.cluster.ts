import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TEMPLATES } from '@shared/reports/templates';
import { pngBytes } from '@server/files/pictureFixtures.test-util';
import { startCluster, type Cluster } from '../support/cluster';
import { E2E_ADMIN_PASSWORD, type RunningServer } from '../support/serverProcess';

let cluster: Cluster;
let a: RunningServer;
let b: RunningServer;
const tokens = new Map<RunningServer, string>();

beforeAll(async () => {
  cluster = await startCluster({ processes: 2, env: { SEED_DEMO: 'off', TIME_ZONE: 'Asia/Shanghai' } });
  [a, b] = cluster.servers as [RunningServer, RunningServer];
  for (const server of [a, b]) {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
    });
    tokens.set(server, ((await response.json()) as { data: { token: string } }).data.token);
  }
});
afterAll(async () => cluster?.stop());

async function call(server: RunningServer, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ code: number; data: any; message: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens.get(server)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { code: number; data: any; message: string };
}

async function bytesOf(server: RunningServer, path: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${tokens.get(server)}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Polls `path` on `server` until its job leaves `running`/`queued` (at most 60 s). */
async function settled(server: RunningServer, path: string): Promise<any> {
  for (let i = 0; i < 300; i += 1) {
    const { data } = await call(server, 'GET', path);
    if (data && data.state !== 'running' && data.state !== 'queued') return data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${path} still running after 60 s`);
}

describe('a file made through one process downloads through another', () => {
  it('an upload', async () => {
    const picture = pngBytes(64, 32);
    const response = await fetch(`${a.url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get(a)}`, 'content-type': 'image/png' },
      body: new Uint8Array(picture),
    });
    const { data } = (await response.json()) as { data: { url: string } };
    expect(data.url).toBe(`/api/files/${createHash('sha256').update(picture).digest('hex')}.png`);
    const fromB = await bytesOf(b, data.url);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.equals(picture)).toBe(true);
  });

  it('a settlement export job: started on A, its progress and its file on B', async () => {
    const started = await call(a, 'POST', '/api/settlement-exports', { month: '2026-10', format: 'csv', lang: 'en' });
    expect(started.code, started.message).toBe(0);
    const job = await settled(b, `/api/settlement-exports/${started.data.id}`);
    expect(job).toEqual({ id: started.data.id, state: 'done', format: 'csv', fileName: 'settlement_department_2026-10.csv', progress: 1, error: null });
    const fromA = await bytesOf(a, `/api/settlement-exports/${job.id}/file`);
    const fromB = await bytesOf(b, `/api/settlement-exports/${job.id}/file`);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.toString('utf8').startsWith('\uFEFF')).toBe(true);
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
  });

  it('a generated report: queued on A, done and downloaded on B', async () => {
    const definition = await call(a, 'POST', '/api/report-definitions', { name: 'Daily energy', description: '', spec: REPORT_TEMPLATES.dailyEnergy });
    expect(definition.code, definition.message).toBe(0);
    const run = await call(a, 'POST', '/api/report-runs', { definitionId: definition.data.id, format: 'xlsx' });
    expect(run.code, run.message).toBe(0);
    const done = await settled(b, `/api/report-runs/${run.data.id}`);
    expect(done.state).toBe('done');
    const fromB = await bytesOf(b, `/api/report-runs/${run.data.id}/file`);
    const fromA = await bytesOf(a, `/api/report-runs/${run.data.id}/file`);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // an XLSX is a zip
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
  });
});
