// Lint rules that find defects (`npm run lint`, part of `npm test`, zero warnings). Formatting is Prettier's.
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.tmp/', 'data/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': comments },
    rules: {
      // An exception to a rule says why, after `--`, where it is made.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      // A promise nobody awaits loses its error: await it, return it, or mark it `void` where dropping it is meant.
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React's act() returns a promise for async callbacks only; a synchronous act() has finished when it returns.
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'react', name: 'act' },
            { from: 'package', package: 'react-router', name: 'NavigateFunction' },
          ],
        },
      ],
      // A clean-up closure written before the resource it closes reads a `let` assigned once, later.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests feed deliberately malformed values through typed APIs; `as any` is how they say so.
    files: ['**/*.test.{ts,tsx}', '**/*.test-util.{ts,tsx}', '**/*.e2e.ts', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A migration runs against the schema as it was when written, not today's Database type: Kysely<any> by design.
    files: ['server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['console/**', 'kiosk/**', 'boards/**', 'shared/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/**', '*.config.{ts,js}', '*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
