import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The version of a server without a built kiosk (development, tests). */
export const DEV_VERSION = 'dev';

/**
 * The build of the kiosk bundle the server serves: the first 12 hex of the SHA-256 of kiosk/index.html
 * (vite puts the hashed asset names there, so any rebuild changes it). Re-read when the file's mtime
 * changes, so walls pick up a rebuilt bundle without a server restart; only a stat per call otherwise.
 */
export class WebVersion {
  private cached: { mtimeMs: number; size: number; version: string } | undefined;

  constructor(private readonly webRoot: string) {}

  get file(): string {
    return join(this.webRoot, 'kiosk', 'index.html');
  }

  async current(): Promise<string> {
    let info: { mtimeMs: number; size: number };
    try {
      info = await stat(this.file);
    } catch {
      this.cached = undefined;
      return DEV_VERSION;
    }
    if (this.cached && this.cached.mtimeMs === info.mtimeMs && this.cached.size === info.size) return this.cached.version;
    try {
      const version = createHash('sha256')
        .update(await readFile(this.file))
        .digest('hex')
        .slice(0, 12);
      this.cached = { mtimeMs: info.mtimeMs, size: info.size, version };
      return version;
    } catch {
      return DEV_VERSION; // removed between stat and read: the next call settles it
    }
  }
}
