// The architecture's layering rules, checked by `npm run lint:deps` (and `npm test`): a new import that
// crosses a boundary or closes a cycle fails CI. The folder READMEs state the same rules in prose.

/** Tests and their helpers: `*.test.ts(x)`, `*.test-util.ts(x)`, browser suites and everything under tests/. */
const TEST_FILE = ['\\.test\\.tsx?$', '\\.test-util\\.tsx?$', '\\.e2e\\.ts$', '^tests/'];
const PRODUCT = '^(shared|boards|kiosk|console|server)/';

/**
 * The pure part of boards/: what the server may load (validation, descriptors, samples) and what those load in
 * turn. Everything in boards/ is pure except the browser runtime (host/, runtime/, scene/), React components
 * (`*.tsx`) and hooks (`use*.ts`).
 */
const BOARDS_IMPURE = ['^boards/(host|runtime|scene)/', '^boards/.+\\.tsx$', '^boards/(|.*/)use[A-Z]\\w*\\.ts$'];
/** Libraries that draw or need a DOM: a pure module may name their types, never load them. */
const UI_LIBRARIES =
  '^node_modules/(react|react-dom|react-i18next|react-grid-layout|react-router|react-router-dom|three|@react-three/[^/]+|echarts|echarts-gl|antd|@ant-design/[^/]+|mobx-react-lite|screenfull)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles (type-only imports included) make load order matter and tangle modules: move the shared type or value into a leaf file both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'shared/ is what every other folder builds on: it imports no other product folder.',
      from: { path: '^shared/' },
      to: { path: '^(console|kiosk|boards|server|tests|scripts|bench)/' },
    },
    {
      name: 'boards-imports-only-shared',
      severity: 'error',
      comment: 'boards/ (the widget catalogue) may import shared/ only; the kiosk and the console import it, never the other way round.',
      from: { path: '^boards/' },
      to: { path: '^(console|kiosk|server|tests|scripts|bench)/' },
    },
    {
      name: 'kiosk-is-not-console',
      severity: 'error',
      comment: 'The kiosk and the console are separate bundles: what both need belongs in shared/ or boards/.',
      from: { path: '^kiosk/' },
      to: { path: '^console/' },
    },
    {
      name: 'console-is-not-kiosk',
      severity: 'error',
      comment: 'The kiosk and the console are separate bundles: what both need belongs in shared/ or boards/.',
      from: { path: '^console/' },
      to: { path: '^kiosk/' },
    },
    {
      name: 'bundles-never-import-server',
      severity: 'error',
      comment: 'Browser bundles talk to the server over HTTP and sockets; contracts live in shared/.',
      from: { path: '^(kiosk|console|boards)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-shared-and-pure-boards',
      severity: 'error',
      comment:
        'The server never loads a bundle, and from boards/ only the pure part (validation, widget descriptors, samples): no React, three or browser runtime.',
      from: { path: '^server/' },
      to: { path: ['^(console|kiosk)/', ...BOARDS_IMPURE] },
    },
    {
      name: 'pure-boards-stay-pure',
      severity: 'error',
      comment:
        "Pure boards modules (loaded by the server) may name UI types but never load React, three, echarts or a component at run time; a renderer is reached only through a descriptor's lazy load().",
      from: { path: '^boards/', pathNot: [...BOARDS_IMPURE, ...TEST_FILE] },
      to: { path: [...BOARDS_IMPURE, UI_LIBRARIES], dependencyTypesNot: ['type-only', 'dynamic-import'] },
    },
    {
      name: 'product-never-imports-tests',
      severity: 'error',
      comment: 'Product code runs without tests/: test helpers belong in tests/ or beside the code as *.test-util.ts.',
      from: { path: PRODUCT, pathNot: TEST_FILE },
      to: { path: '^tests/' },
    },
    {
      name: 'test-utils-only-in-tests',
      severity: 'error',
      comment: 'A *.test-util file is a test helper: only tests and other test helpers import it.',
      from: { pathNot: TEST_FILE },
      to: { path: ['\\.test-util\\.tsx?$', '\\.test\\.tsx?$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|\\.tmp|data)/' },
    // Type-only imports count: a cycle through `import type` still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
