import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lowestSupportedNode, packagesExcluding } from './engineCheck.mjs';

let project: string | undefined;
afterEach(() => project && rmSync(project, { recursive: true, force: true }));

function install(root: string, dir: string, manifest: object): void {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest));
}

describe('packagesExcluding', () => {
  it('finds a hoisted, a scoped and a nested package that ask for a newer Node, and nothing else', () => {
    project = mkdtempSync(join(tmpdir(), 'engines-'));
    install(project, 'node_modules/cookie', { name: 'cookie', version: '2.0.2', engines: { node: '>=22' } });
    install(project, 'node_modules/fastify', { name: 'fastify', version: '5.12.8', engines: { node: '>=20' } });
    install(project, 'node_modules/@scope/tool', { name: '@scope/tool', version: '1.0.0', engines: { node: '^22 || ^24' } });
    install(project, 'node_modules/light-my-request/node_modules/cookie', { name: 'cookie', version: '1.1.1', engines: { node: '>=18' } });
    install(project, 'node_modules/old/node_modules/inner', { name: 'inner', version: '3.0.0', engines: { node: '>=20.20' } });
    install(project, 'node_modules/no-engines', { name: 'no-engines', version: '1.0.0' });
    const found = packagesExcluding(project, '20.19.0').map(({ name, version, range, path }) => `${name}@${version} ${range} ${path}`);
    expect(found.sort()).toEqual([
      '@scope/tool@1.0.0 ^22 || ^24 node_modules/@scope/tool',
      'cookie@2.0.2 >=22 node_modules/cookie',
      'inner@3.0.0 >=20.20 node_modules/old/node_modules/inner',
    ]);
  });
});

describe('lowestSupportedNode', () => {
  it("reads the project's engines.node as its lowest version", () => {
    project = mkdtempSync(join(tmpdir(), 'engines-'));
    install(project, '.', { name: 'p', engines: { node: '>=20.19' } });
    expect(lowestSupportedNode(project)).toBe('20.19.0');
  });
});
