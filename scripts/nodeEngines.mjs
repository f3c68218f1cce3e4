// `npm run check:engines` (part of `npm test`): every installed package whose `engines.node` leaves out the
// lowest Node this project supports (package.json `engines.node`), i.e. what would make `npm install` warn
// EBADENGINE on the README's Node. Exit code 1 when there is one, so a dependency bump that needs a newer
// Node is caught here rather than by a user's install.
import { lowestSupportedNode, packagesExcluding } from './engineCheck.mjs';
import { root } from './bundles.mjs';

const supported = lowestSupportedNode(root);
const excluded = packagesExcluding(root, supported);
if (excluded.length > 0) {
  const list = excluded.map(({ name, version, range, path }) => `  ${name}@${version} needs node ${range} (${path})`).join('\n');
  console.error(`${excluded.length} installed package(s) leave out Node ${supported}, the lowest this project supports:\n${list}`);
  console.error('Pin or override them in package.json ("overrides"), or raise engines.node and the README honestly.');
  process.exit(1);
}
console.log(`Every installed package runs on Node ${supported}.`);
