// Lint: typescript-eslint's type-checked rules over the TypeScript sources, formatting left to
// Prettier (eslint-config-prettier turns off the rules that would fight it), and two limits of
// our own: no line over 120 characters, no function over 80 lines.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '**/out/**', '.vitest-blobs/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // One program over tsconfig.json (it includes every folder and the tests), so the
      // type-checked rules cost one type-check. `project` rather than the project service: the
      // same program without the service's per-file lookups, eslint . at 70 CPU-s instead of 83.
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      // An async function that does not await still keeps an async contract (Generator.outputs,
      // stand-ins for async APIs); no-floating-promises and await-thenable catch the real mistakes.
      '@typescript-eslint/require-await': 'off',
      // String() of a JSON value a server sent: an object there is already judged a failure, and
      // these texts only quote it.
      '@typescript-eslint/no-base-to-string': 'off',
      // As tsc's noUnusedLocals: a leading _ names a member dropped on purpose (`{ links: _links, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The plain JavaScript files (this config, the self-test's child scripts) are in no tsconfig.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // A describe or it callback is a list of cases, each its own unit: its length counts cases,
    // not the logic a reader must hold at once. Helpers in test-support/ keep the limit.
    files: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': 'off',
      // Tests read JSON (JSON.parse, a browser's evaluate) and vitest's asymmetric matchers, typed
      // any; the assertions that follow are what checks their shape.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
  {
    // After eslint-config-prettier, which turns max-len off: Prettier wraps code at 120 but leaves
    // long strings and comments, and those must not pass 120 either.
    rules: { 'max-len': ['error', { code: 120, tabWidth: 2 }] },
  },
);
