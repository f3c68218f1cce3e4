import { Worker } from 'node:worker_threads';

export interface LoadResult {
  samplesMs: number[];
  seconds: number;
  failures: number;
}

// Runs in its own thread (its own core) so the load generator does not steal the server's event loop.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, requests, concurrency } = workerData;
let next = 0, failures = 0;
const samples = [];
async function worker() {
  while (next < requests) {
    next++;
    const started = performance.now();
    try {
      const response = await fetch(url, { headers });
      const body = await response.json();
      if (body.code !== 0) failures++;
    } catch { failures++; }
    samples.push(performance.now() - started);
  }
}
const wall = performance.now();
Promise.all(Array.from({ length: concurrency }, worker)).then(() =>
  parentPort.postMessage({ samplesMs: samples, seconds: (performance.now() - wall) / 1000, failures }));
`;

/** GETs `url` `requests` times with `concurrency` in flight, from a separate thread. */
export function runLoad(options: { url: string; headers: Record<string, string>; requests: number; concurrency: number }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: options });
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}
