// Lint, including the layering rules (docs/architecture.md): a wrong import fails `npm test`.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import globals from 'globals'

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'https', 'child_process', 'net', 'url', 'stream', 'events', 'util', 'worker_threads']

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'bench/results.json', 'e2e/fixtures/seeded-violations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  // Playwright fixtures must destructure `{}` when they use no other fixture.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  // Layer: the shared contract is pure (no Node, no DOM-only APIs, no Electron), imported by everyone.
  {
    files: ['electron/common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['electron', 'electron/*', ...nodeBuiltins], message: 'electron/common is shared with the renderer: no Node or Electron imports.' },
        { group: ['../services/*', '../main/*', '../preload/*', '../web-host/*', '../demo-store/*', '**/renderer/**'], message: 'electron/common must not depend on other layers.' },
      ] }],
    },
  },
  // Layer: host-agnostic Node services never import Electron.
  {
    files: ['electron/services/**/*.ts', 'electron/demo-store/**/*.ts', 'electron/web-host/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['electron', 'electron/*'], message: 'Only electron/main and electron/preload may import Electron.' },
        { group: ['../main/*', '../../main/*', '../preload/*', '../../preload/*', '**/renderer/**'], message: 'Services must not depend on a shell.' },
      ] }],
    },
  },
  // The renderer runs in a browser window: window, document and friends are defined there.
  { files: ['renderer/**/*.ts', 'renderer/**/*.vue'], languageOptions: { globals: globals.browser } },
  // Layer: the renderer sees only the contract (via @common) and its own code.
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.vue'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['electron', 'electron/*', ...nodeBuiltins], message: 'The renderer never imports Node or Electron.' },
        { group: ['**/electron/**', '../../electron/*', '@common/../*'], message: 'The renderer may import only the shared contract, through @common/.' },
      ] }],
      // A renderer has no Node: these exist only where Node does, whatever a library's types say.
      'no-restricted-globals': ['error',
        ...['process', 'Buffer', 'require', '__dirname', '__filename', 'global', 'module'].map((name) => ({ name, message: `The renderer runs in a browser window: \`${name}\` does not exist there.` })),
      ],
    },
  },
)
