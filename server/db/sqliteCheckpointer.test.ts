import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from './connect';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite checkpoints in their own thread', () => {
  it('copies committed pages into the database file without the writer checkpointing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'energy-checkpoint-'));
    dirs.push(dir);
    const storage: Storage = await openStorage({ dataDir: dir });
    const sqlite = storage.sqlite!;
    sqlite.exec('create table filler (id integer primary key, body blob)');
    const insert = sqlite.prepare('insert into filler (body) values (zeroblob(4000))');
    sqlite.transaction(() => {
      for (let i = 0; i < 1_000; i++) insert.run();
    })();
    const file = join(dir, 'energy.sqlite');
    // 4 MB sit in the log, far below the writer's own 64 MB auto-checkpoint: only the thread moves them.
    const deadline = Date.now() + 5_000;
    while (statSync(file).size < 4_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statSync(file).size).toBeGreaterThan(4_000_000);
    await storage.close();
  });
});
