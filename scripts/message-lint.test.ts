// The catalog lint rules, proved on seeded code with the config `npm run lint` uses: a bare
// word in a template of a catalogued folder fails, as does a message key that English lacks, or
// one German or Chinese lacks (a seeded catalog); a template that speaks through t() passes.
import { describe, expect, it } from 'vitest'
import { ESLint, Linter } from 'eslint'
import { messageKeysRule } from './eslint-rules/message-keys.js'

const eslint = new ESLint({ cwd: process.cwd() })

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

const component = (template: string) => `<script setup lang="ts">\nimport { t } from '@/session/i18n'\n</script>\n\n<template>\n  ${template}\n</template>\n`

describe('the catalog lint rules', () => {
  it('refuse a bare word in a template', async () => {
    expect(await ruleIds(component('<p>Save the order</p>'), 'renderer/src/features/settings/Seeded.vue')).toContain('vue/no-bare-strings-in-template')
    expect(await ruleIds(component('<button aria-label="Close the panel">{{ t(\'common.close\') }}</button>'), 'renderer/src/shell/Seeded.vue')).toContain('vue/no-bare-strings-in-template')
  })

  it('let a template that speaks through the catalog pass', async () => {
    expect(await ruleIds(component("<p>{{ t('common.save') }} · {{ t('common.close') }}</p>"), 'renderer/src/features/settings/Seeded.vue')).toEqual([])
  })

  it('refuse a key the English catalog lacks, in script and template', async () => {
    expect(await ruleIds(component("<p>{{ t('settings.noSuchKey') }}</p>"), 'renderer/src/features/settings/Seeded.vue')).toContain('storedesk/message-keys')
    expect(await ruleIds("import { t } from '@/session/i18n'\nexport const x = t('nav.noSuchKey')\n", 'renderer/src/ui/seeded.ts')).toContain('storedesk/message-keys')
    expect(await ruleIds("import type { Message } from '@/session/i18n'\nexport const m = { key: 'data.local.nope', params: { n: 1 } } as unknown as Message\n", 'renderer/src/data/seeded.ts')).toContain('storedesk/message-keys')
    // A storage key in the same shape (session/settings.ts's old keys) names no catalog group.
    expect(await ruleIds("import { t } from '@/session/i18n'\nexport const old = [{ key: 'storedesk.print.paper' }]\nexport const x = t('common.save')\n", 'renderer/src/features/orders/seeded.ts')).toEqual([])
    // A file's own function called t is not the catalogs'.
    expect(await ruleIds("const t = (name: string) => name\nexport const x = t('first_name')\n", 'renderer/src/features/orders/seeded.ts')).toEqual([])
  })

  it('refuse a key a translation lacks', () => {
    const linter = new Linter({ configType: 'flat' })
    const rule = messageKeysRule({ en: { a: { b: 'B', c: 'C' } }, de: { a: { b: 'B' } } })
    const messages = linter.verify("import { t } from '@/session/i18n'\nt('a.c'); t('a.b')", { plugins: { s: { rules: { keys: rule } } }, rules: { 's/keys': 'error' }, languageOptions: { sourceType: 'module' } })
    expect(messages.map((m) => m.message)).toEqual(['The message “a.c” is missing from the de catalog.'])
  })
})
