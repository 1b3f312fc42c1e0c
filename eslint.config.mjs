// ESLint (flat config): `npm run lint`, run by `./build.sh test`. JavaScript's
// recommended rules, adapted to this code base: browser code in www/ (the page,
// its worker, the service worker, the badge), Node code in tools/ and tests/.
import js from '@eslint/js';
import globals from 'globals';

export default [
  // src/recipe/operator/: the operators' own published code, kept verbatim (a recipe
  // fills in its free names), not ours to lint.
  { ignores: ['pkg/**', 'target/**', 'node_modules/**', 'fuzz/**', 'examples/**', 'src/recipe/operator/**'] },
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.worker },
    },
    rules: {
      // `catch (e) { … }` with `e` unused is this code base's style of saying
      // "any failure here means the same"; unused arguments name a signature.
      // `const { type, id, ...rest } = m` names what it leaves out.
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true, varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  { files: ['www/sw/**'], languageOptions: { globals: globals.serviceworker } },
  // The CLI, the build's tools and the tests run under Node (verifier.js is both).
  { files: ['www/cli/**', 'www/core/**', 'tools/**', 'tests/**', '*.mjs', '*.js'], languageOptions: { globals: globals.node } },
  {
    // Functions the tests and tools run inside a page (page.evaluate): the page's globals.
    files: ['tests/**', 'tools/**'],
    languageOptions: { globals: { FairVerifier: 'readonly', FairVerify: 'readonly', HAND: 'readonly', SHOWN: 'readonly' } },
  },
];
