// The lint rules that hold the layers, proved on seeded code: a renderer file that reaches for
// Node (a global or a module) fails `npm run lint`, as does a shared-contract file that imports
// a layer above it. The same config file `npm run lint` uses.
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

const eslint = new ESLint({ cwd: process.cwd() })

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

describe('the layer rules', () => {
  it('refuse Node globals in the renderer', async () => {
    for (const code of ['export const home = process.env.HOME', "export const bytes = Buffer.from('x')", "export const fs = require('fs')", 'export const here = __dirname']) {
      expect(await ruleIds(code, 'renderer/src/features/orders/seeded.ts')).toContain('no-restricted-globals')
    }
  })

  it('refuse Node and Electron modules in the renderer, and other layers in the shared contract', async () => {
    expect(await ruleIds("import { readFileSync } from 'node:fs'\nexport const r = readFileSync", 'renderer/src/data/seeded.ts')).toContain('no-restricted-imports')
    expect(await ruleIds("import { app } from 'electron'\nexport const a = app", 'renderer/src/app/seeded.ts')).toContain('no-restricted-imports')
    expect(await ruleIds("import { x } from '../services/api-client'\nexport const y = x", 'electron/common/seeded.ts')).toContain('no-restricted-imports')
  })

  it('let the same code through where Node exists', async () => {
    expect(await ruleIds('export const home = process.env.HOME', 'electron/services/seeded.ts')).not.toContain('no-restricted-globals')
  })
})
