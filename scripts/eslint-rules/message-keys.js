// The lint rule "storedesk/message-keys": a message key the code names (t('orders.title'),
// tIn(locale, 'print.slip.title'), { key: 'sync.failed' } in a Message) must exist in the English
// catalog, and every catalog (de, zh-CN) must have it too. Keys are read from the catalogs'
// modules themselves (renderer/src/session/i18n), so the rule and the app agree.
// Reads script and template (Vue) alike.

/** @param {object} catalog @returns {Set<string>} */
function keysOf(catalog, prefix = '', out = new Set()) {
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.add(`${prefix}${key}`)
    else keysOf(value, `${prefix}${key}.`, out)
  }
  return out
}

/** Which argument of which function (as session/i18n exports it) names a key. */
const KEY_ARGUMENT = { t: 0, tIn: 1 }
/** The module the catalogs' functions come from; a file's own `t` is none of the rule's business. */
const I18N_MODULE = /(^@\/session\/i18n$)|(\/i18n$)/
const DOTTED_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/

/**
 * @param {Record<string, object>} catalogs the catalogs by locale; the first is the source
 * @returns {import('eslint').Rule.RuleModule}
 */
export function messageKeysRule(catalogs) {
  const [source, ...others] = Object.entries(catalogs)
  const known = keysOf(source[1])
  const groups = new Set(Object.keys(source[1]))
  const missingIn = new Map()
  for (const [locale, catalog] of others) {
    const keys = keysOf(catalog)
    for (const key of known) if (!keys.has(key)) missingIn.set(key, [...(missingIn.get(key) ?? []), locale])
  }

  return {
    meta: {
      type: 'problem',
      docs: { description: 'A message key must exist in every catalog' },
      schema: [],
      messages: {
        unknown: 'The message “{{key}}” is not in the English catalog ({{source}}).',
        missing: 'The message “{{key}}” is missing from the {{locales}} catalog.',
      },
    },
    create(context) {
      /** Local name → exported name, for what this file imports from the catalogs' module. */
      const imported = new Map()
      let usesCatalogs = false
      function check(node) {
        if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return
        const key = node.value
        if (!known.has(key)) context.report({ node, messageId: 'unknown', data: { key, source: source[0] } })
        else if (missingIn.has(key)) context.report({ node, messageId: 'missing', data: { key, locales: missingIn.get(key).join(', ') } })
      }
      const visitors = {
        ImportDeclaration(node) {
          if (!I18N_MODULE.test(String(node.source.value))) return
          usesCatalogs = true
          for (const spec of node.specifiers) if (spec.type === 'ImportSpecifier' && spec.imported.type === 'Identifier') imported.set(spec.local.name, spec.imported.name)
        },
        CallExpression(node) {
          if (node.callee.type !== 'Identifier') return
          const name = imported.get(node.callee.name)
          if (name && name in KEY_ARGUMENT) check(node.arguments[KEY_ARGUMENT[name]])
        },
        // A Message built elsewhere: an object of `key` and perhaps `params`, nothing else.
        ObjectExpression(node) {
          if (!usesCatalogs) return
          const names = node.properties.map((p) => (p.type === 'Property' && p.key.type === 'Identifier' ? p.key.name : null))
          if (!names.includes('key') || names.some((n) => n !== 'key' && n !== 'params')) return
          const value = node.properties[names.indexOf('key')].value
          // Only a key in one of the catalog's groups: `{ key: 'storedesk.print.paper' }` is a
          // storage key (session/settings.ts), not a message.
          if (value.type === 'Literal' && typeof value.value === 'string' && DOTTED_KEY.test(value.value) && groups.has(value.value.split('.')[0])) check(value)
        },
      }
      const services = context.sourceCode.parserServices
      if (services?.defineTemplateBodyVisitor) return services.defineTemplateBodyVisitor({ CallExpression: visitors.CallExpression }, visitors)
      return visitors
    },
  }
}
