import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the SQLite write-ahead log back into the database file from a worker thread with its own
 * connection, so the ingest writer's commits no longer do it: on a 2-core machine the checkpoint's
 * page copying and fsync then run beside ingestion instead of inside it (it was a quarter of the
 * writer's time). PASSIVE checkpoints never block the writer.
 *
 * The writer's own connection keeps a large auto-checkpoint as a backstop (see connect.ts), so the log
 * stays bounded even if this thread stopped.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

/** Runs as the worker: plain CommonJS (eval'd), so it needs no TypeScript loader. */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error && error.message || error)); }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'stop') { clearInterval(timer); checkpoint(); db.close(); parentPort.close(); }
});
`;

export function startCheckpointer(file: string, everyMs = 250, onError: (message: string) => void = () => undefined): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs } });
  worker.on('message', (message: string) => onError(message));
  worker.on('error', (error) => onError(error.message));
  // The thread never keeps the process alive on its own.
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Waiting for the thread's last checkpoint must keep the process alive.
        worker.ref();
        worker.postMessage('stop');
        setTimeout(() => void worker.terminate(), 2_000).unref();
      }),
  };
}
