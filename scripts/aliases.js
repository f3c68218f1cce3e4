// Path aliases shared by vite.config.ts and vitest.config.ts (tsconfig.json "paths" mirrors them).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
export const aliases = Object.fromEntries(['shared', 'boards', 'kiosk', 'console', 'server', 'tests'].map((dir) => [`@${dir}`, resolve(root, dir)]));
