// Lint, including the layering rules (docs/architecture.md): a wrong import fails `npm test`.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import globals from 'globals'
import { messageKeysRule } from './scripts/eslint-rules/message-keys.js'
import { en } from './renderer/src/session/i18n/en.ts'
import { de } from './renderer/src/session/i18n/de.ts'
import { zhCN } from './renderer/src/session/i18n/zh-CN.ts'

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'https', 'child_process', 'net', 'url', 'stream', 'events', 'util', 'worker_threads']

const rendererImportPatterns = [
  { group: ['electron', 'electron/*', ...nodeBuiltins], message: 'The renderer never imports Node or Electron.' },
  { group: ['**/electron/**', '../../electron/*', '@common/../*'], message: 'The renderer may import only the shared contract, through @common/.' },
]

/** The same two rules as regular expressions, for `import()` (no-restricted-syntax). */
const rendererDynamicPatterns = [
  { regex: `^(electron|node:|(${nodeBuiltins.filter((name) => !name.includes('*')).join('|')})$)`, message: 'The renderer never imports Node or Electron.' },
  { regex: '(^|/)electron/|^@common/\\.\\.', message: 'The renderer may import only the shared contract, through @common/.' },
]

// The renderer's layers (docs/architecture.md), after VS Code's code-layering rule: each folder
// of renderer/src lists the folders it must not import. Downwards only: shell → features →
// ui | data → session → bridge, and lib/ below them all, importing nothing of the app.
const RENDERER_LAYERS = {
  shell: [],
  features: ['shell'],
  ui: ['shell', 'features', 'data'],
  data: ['shell', 'features', 'ui'],
  session: ['shell', 'features', 'ui', 'data'],
  bridge: ['shell', 'features', 'ui', 'data', 'session'],
  lib: ['shell', 'features', 'ui', 'data', 'session', 'bridge'],
}
/** The renderer folders whose templates speak only through the catalogs. */
const CATALOGUED = [
  'shell', 'ui', 'features/settings', 'features/connect', 'features/orders/print',
  'features/orders/OrdersPage.vue', 'features/orders/components/OrderFilters.vue', 'features/orders/components/OrderColumnChooser.vue', 'features/orders/components/OrderBadges.vue',
  'features/orders/OrderDetailPage.vue',
  'features/orders/detail',
  'features/orders/components/TrackingDialog.vue',
  'features/orders/components/ShippingAddressForm.vue',
  'features/orders/components/ScannerPanel.vue',
  'features/orders/components/ScannerSummary.vue',
  'features/orders/components/ScanField.vue',
  'features/orders/components/OrderMetaFieldsSlot.vue',
  'features/tags',
  'features/blogs',
  'features/calendar',
  'features/sync',
  'features/dashboard',
  'features/checkouts',
  'features/collections',
  'features/meta-fields',
  'features/customers',
  'features/orders/components/BulkTrackingDialog.vue',
  'features/orders/components/ExportOrdersDialog.vue',
  'features/orders/components/MarkedText.vue',
]
/** Marks that are not words in any language. */
const BARE_ALLOWED = ['(', ')', ',', '.', '&', '+', '-', '=', '*', '/', '#', '%', '!', '?', ':', '[', ']', '{', '}', '<', '>', '•', '·', '|', '…', '—', '–', '×', '✓', '→', '←', '↑', '↓', '“', '”', '‘', '’', '"', "'", '@', '$', '~']
/** How deep below its layer folder (or its feature's folder) a renderer file may sit. */
const MAX_DEPTH = 6

/** Files for tests only, named as such: tests, their fixtures, a feature's testing.ts entry. */
const TEST_SUPPORT = ['*.test.ts', '*-fixtures.ts', 'testing.ts']

/** Layers whose index.ts is their one public entry: from outside, `@/data` and `@/bridge`, never a file past it. */
const LAYERS_WITH_AN_ENTRY = ['data', 'bridge']

/**
 * The import rules of one folder of the renderer, `depth` folders below its layer (or its
 * feature): the renderer's own patterns, the layers it must not import, no relative path out of
 * its layer (a layer is named, `@/ui/...`, so the rule can see it), no file past another
 * layer's public entry and, in a feature, no other feature's files but its index.ts. Tests (and
 * their support, TEST_SUPPORT) may also reach a layer's internals and another feature's testing.ts.
 * The same patterns hold for `import()`, which no-restricted-imports does not see: each
 * becomes a no-restricted-syntax selector on the import expression's source.
 */
function rendererLayerConfigs(layer, depth) {
  const below = '*/'.repeat(depth)
  const feature = layer === 'features'
  const banned = RENDERER_LAYERS[layer]
  const entries = LAYERS_WITH_AN_ENTRY.filter((other) => other !== layer)
  const patterns = [
    { regex: `^(\\.\\./){${depth + 1}}`, message: `A relative import stays inside its ${feature ? 'feature' : 'layer'}: name another one as @/${feature ? 'features/<name>' : '<layer>/...'}.` },
  ]
  if (layer === 'lib') patterns.push({ regex: '^@/', message: 'lib/ imports nothing of the app.' })
  else if (banned.length > 0) patterns.push({ regex: `^@/(${banned.join('|')})(/|$)`, message: `${layer}/ is below ${banned.join(', ')}: it must not import them (docs/architecture.md).` })
  const folder = feature ? 'renderer/src/features/*/' : `renderer/src/${layer}/`
  const files = [`${folder}${below}*.ts`, `${folder}${below}*.vue`]
  const config = (extra, scope, syntax = []) => {
    const all = [...patterns, ...extra]
    const dynamic = [...rendererDynamicPatterns, ...all].map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message }))
    return { ...scope, rules: { 'no-restricted-imports': ['error', { patterns: [...rendererImportPatterns, ...all] }], 'no-restricted-syntax': ['error', ...dynamic, ...syntax] } }
  }
  const product = []
  const tests = []
  if (entries.length > 0) product.push({ regex: `^@/(${entries.join('|')})/`, message: `Another layer is reached through its public entry only: @/${entries.join(', @/')} (its index.ts).` })
  if (feature) {
    product.push({ regex: '^@/features/[^/]+/(?!index$)', message: 'Inside a feature, its own files are imported relatively; another feature only through its index.ts: @/features/<name>.' })
    tests.push({ regex: '^@/features/[^/]+/(?!index$|testing$)', message: 'A test reaches another feature through its index.ts or, for fixtures, its testing.ts.' })
  }
  const testFiles = TEST_SUPPORT.map((name) => `${folder}${below}${name}`)
  // Above data/, the outbox and the conflicts are read through the data layer's queries
  // (data/row-writes.ts), never as tables: how they are stored and indexed stays data/'s.
  const tables = ['shell', 'features', 'ui'].includes(layer)
    ? [{ selector: 'MemberExpression[property.name=/^(outbox|conflicts)$/]', message: 'Read the outbox and the conflicts through the data layer (outboxWrites, writesOf, refusedWrites, allConflicts, ... from @/data), not as tables.' }]
    : []
  return [config(product, { files, ignores: TEST_SUPPORT.map((name) => `**/${name}`) }, tables), config(tests, { files: testFiles })]
}

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
      'no-restricted-imports': ['error', { patterns: rendererImportPatterns }],
      // A renderer has no Node: these exist only where Node does, whatever a library's types say.
      'no-restricted-globals': ['error',
        ...['process', 'Buffer', 'require', '__dirname', '__filename', 'global', 'module'].map((name) => ({ name, message: `The renderer runs in a browser window: \`${name}\` does not exist there.` })),
      ],
    },
  },
  // Every word a person reads comes from a catalog (renderer/src/session/i18n): no bare text in
  // a template, and every key named in code exists in English, German and Chinese. The folders
  // are listed as they move to the catalog.
  { plugins: { storedesk: { rules: { 'message-keys': messageKeysRule({ en, de, 'zh-CN': zhCN }) } } } },
  { files: ['renderer/**/*.ts', 'renderer/**/*.vue'], rules: { 'storedesk/message-keys': 'error' } },
  {
    files: CATALOGUED.map((path) => (path.endsWith('.vue') ? `renderer/src/${path}` : `renderer/src/${path}/**/*.vue`)),
    rules: { 'vue/no-bare-strings-in-template': ['error', { allowlist: BARE_ALLOWED }] },
  },
  ...Object.keys(RENDERER_LAYERS).flatMap((layer) => Array.from({ length: MAX_DEPTH }, (_, depth) => rendererLayerConfigs(layer, depth)).flat()),
)
