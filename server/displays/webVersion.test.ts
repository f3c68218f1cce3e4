import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_VERSION, WebVersion } from './webVersion';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function webRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-version-'));
  roots.push(root);
  return root;
}
const sha12 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

describe('the kiosk bundle version', () => {
  it("is 'dev' without a built kiosk", async () => {
    expect(await new WebVersion(webRoot()).current()).toBe(DEV_VERSION);
  });

  it('is the first 12 hex of the SHA-256 of kiosk/index.html, and follows a rebuild without a restart', async () => {
    const root = webRoot();
    const version = new WebVersion(root);
    mkdirSync(join(root, 'kiosk'));
    const file = join(root, 'kiosk', 'index.html');
    writeFileSync(file, '<script src="/assets/kiosk-AAAA.js"></script>');
    utimesSync(file, 1_000, 1_000);
    expect(await version.current()).toBe(sha12('<script src="/assets/kiosk-AAAA.js"></script>'));
    expect(await version.current()).toMatch(/^[0-9a-f]{12}$/);

    // Same size and mtime: the cached value stands (no re-read per heartbeat).
    writeFileSync(file, '<script src="/assets/kiosk-BBBB.js"></script>');
    utimesSync(file, 1_000, 1_000);
    expect(await version.current()).toBe(sha12('<script src="/assets/kiosk-AAAA.js"></script>'));

    utimesSync(file, 2_000, 2_000);
    expect(await version.current()).toBe(sha12('<script src="/assets/kiosk-BBBB.js"></script>'));

    rmSync(file);
    expect(await version.current()).toBe(DEV_VERSION);
  });
});
