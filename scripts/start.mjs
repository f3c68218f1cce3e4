// `npm start`: build the bundles if needed, then run the server (console and kiosk on one port).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, root } from './bundles.mjs';

ensureBuilt();
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
