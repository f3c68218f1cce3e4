// Which installed packages leave out a Node version: what makes `npm install` warn EBADENGINE there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import semver from 'semver';

/** Package folders under a node_modules, scoped ones and nested node_modules included. */
function* packageDirs(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (name.startsWith('@')) yield* packageDirs(path);
    else {
      yield path;
      yield* packageDirs(join(path, 'node_modules'));
    }
  }
}

/** Every package under `projectRoot/node_modules` whose `engines.node` does not take `nodeVersion`, in folder order. */
export function packagesExcluding(projectRoot, nodeVersion) {
  const excluded = [];
  for (const dir of packageDirs(join(projectRoot, 'node_modules'))) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const { name, version, engines } = JSON.parse(readFileSync(file, 'utf8'));
    const range = engines?.node;
    if (typeof range === 'string' && semver.validRange(range) && !semver.satisfies(nodeVersion, range))
      excluded.push({ name, version, range, path: relative(projectRoot, dir) });
  }
  return excluded;
}

/** The lowest Node a package.json's `engines.node` admits (`>=20.19` → `20.19.0`). */
export function lowestSupportedNode(projectRoot) {
  return semver.minVersion(JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).engines.node).version;
}
