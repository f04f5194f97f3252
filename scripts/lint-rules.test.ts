// The lint rules that hold the layers, proved on seeded code: a renderer file that reaches for
// Node (a global or a module) fails `npm run lint`, as does a shared-contract file that imports
// a layer above it, and a renderer file that imports a renderer layer above its own, a file past
// another layer's public entry or another feature's inner files, whether by import or import(). The same config file `npm run lint` uses.
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
    expect(await ruleIds("import { app } from 'electron'\nexport const a = app", 'renderer/src/shell/seeded.ts')).toContain('no-restricted-imports')
    expect(await ruleIds("import { x } from '../services/api-client'\nexport const y = x", 'electron/common/seeded.ts')).toContain('no-restricted-imports')
  })

  it('let the same code through where Node exists', async () => {
    expect(await ruleIds('export const home = process.env.HOME', 'electron/services/seeded.ts')).not.toContain('no-restricted-globals')
  })

  describe('inside the renderer', () => {
    const refused = async (code: string, filePath: string, rule = 'no-restricted-imports') => expect(await ruleIds(code, filePath), `${filePath}: ${code}`).toContain(rule)
    const allowed = async (code: string, filePath: string) => expect(await ruleIds(code, filePath), `${filePath}: ${code}`).toEqual([])

    it('refuse an import of a layer above', async () => {
      await refused("import { toCents } from '@/features/orders'\nexport const c = toCents", 'renderer/src/data/seeded.ts')
      await refused("import { createAppRouter } from '@/shell/router'\nexport const r = createAppRouter", 'renderer/src/ui/seeded.ts')
      await refused("import { storeDatabase } from '@/data'\nexport const d = storeDatabase", 'renderer/src/session/seeded.ts')
      await refused("import { useConnectionsStore } from '@/session/connections-store'\nexport const s = useConnectionsStore", 'renderer/src/bridge/seeded.ts')
      await refused("import { storeDay } from '@/ui/dates'\nexport const f = storeDay", 'renderer/src/lib/seeded.ts')
      await refused("import { useStoreDatabase } from '@/data'\nexport const d = useStoreDatabase", 'renderer/src/ui/components/seeded.ts')
    })

    it('refuse a relative path out of a layer, which would hide the layer it reaches', async () => {
      await refused("import { storeDatabase } from '../../data/db'\nexport const d = storeDatabase", 'renderer/src/ui/components/seeded.ts')
      await refused("import { api } from '../bridge'\nexport const a = api", 'renderer/src/session/seeded.ts')
    })

    it('let a feature into another feature only through its index.ts', async () => {
      await refused("import { toCents } from '@/features/orders/order-totals'\nexport const c = toCents", 'renderer/src/features/dashboard/seeded.ts')
      await refused("import MetaFieldsPanel from '@/features/meta-fields/MetaFieldsPanel.vue'\nexport const p = MetaFieldsPanel", 'renderer/src/features/blogs/components/seeded.ts')
      await refused("import { toCents } from '../orders/order-totals'\nexport const c = toCents", 'renderer/src/features/dashboard/seeded.ts')
      await allowed("import { toCents } from '@/features/orders'\nexport const c = toCents", 'renderer/src/features/dashboard/seeded.ts')
    })

    it('refuse a file past another layer\'s public entry (its index.ts)', async () => {
      await refused("import { orderSearchMatch } from '@/data/order-index/order-search'\nexport const m = orderSearchMatch", 'renderer/src/features/orders/components/seeded.ts')
      await refused("import { enqueueWrite } from '@/data/outbox'\nexport const e = enqueueWrite", 'renderer/src/shell/seeded.ts')
      await refused("import { createHttpTransport } from '@/bridge/http-transport'\nexport const t = createHttpTransport", 'renderer/src/session/seeded.ts')
      await allowed("import { orderSearchMatch } from '@/data'\nexport const m = orderSearchMatch", 'renderer/src/features/orders/components/seeded.ts')
      // A test may reach inside (its fakes and fixtures), and a layer its own files.
      await allowed("import { FakeStore } from '@/data/fake-store'\nexport const f = FakeStore", 'renderer/src/features/orders/seeded.test.ts')
      await allowed("import { orderIndexRow } from '@/data/order-index/order-index-row'\nexport const r = orderIndexRow", 'renderer/src/data/seeded.ts')
    })

    it('hold import() to the same rules as import', async () => {
      const dynamic = (code: string, filePath: string) => refused(code, filePath, 'no-restricted-syntax')
      await dynamic("export const load = () => import('@/features/orders/OrdersPage.vue')", 'renderer/src/data/seeded.ts')
      await dynamic("export const load = () => import('@/shell/router')", 'renderer/src/features/orders/seeded.ts')
      await dynamic("export const load = () => import('@/features/orders/OrdersPage.vue')", 'renderer/src/features/dashboard/seeded.ts')
      await dynamic("export const load = () => import('@/data/order-index/order-search')", 'renderer/src/features/orders/seeded.ts')
      await dynamic("export const load = () => import('../../data/db')", 'renderer/src/ui/components/seeded.ts')
      await dynamic("export const load = () => import('node:fs')", 'renderer/src/features/orders/seeded.ts')
      await dynamic("export const load = () => import('electron')", 'renderer/src/shell/seeded.ts')
      await allowed("export const load = () => import('@/features/orders/OrdersPage.vue')", 'renderer/src/shell/seeded.ts')
      await allowed("export const load = () => import('./order-xlsx')", 'renderer/src/features/orders/seeded.ts')
    })

    it('keep the outbox and conflict tables inside data/', async () => {
      const table = (code: string, filePath: string) => refused(code, filePath, 'no-restricted-syntax')
      await table("import type { StoreDatabase } from '@/data'\nexport const all = (db: StoreDatabase) => db.outbox.toArray()", 'renderer/src/features/sync/seeded.ts')
      await table("import type { StoreDatabase } from '@/data'\nexport const all = (db: StoreDatabase) => db.conflicts.toArray()", 'renderer/src/shell/seeded.ts')
      await allowed("import { outboxWrites, type StoreDatabase } from '@/data'\nexport const all = (db: StoreDatabase) => outboxWrites(db)", 'renderer/src/features/sync/seeded.ts')
      await allowed("import type { StoreDatabase } from './db'\nexport const all = (db: StoreDatabase) => db.outbox.toArray()", 'renderer/src/data/seeded.ts')
    })

    it('let every import downwards through', async () => {
      const downwards = [
        "import { api } from '@/bridge'",
        "import { useConnectionsStore } from '@/session/connections-store'",
        "import { useStoreDatabase } from '@/data'",
        "import { storeDay } from '@/ui/dates'",
        "import { copyText } from '@/lib/clipboard'",
        "import { toCents } from '../order-totals'",
      ]
      await allowed(`${downwards.join('\n')}\nexport const all = [api, useConnectionsStore, useStoreDatabase, storeDay, copyText, toCents]`, 'renderer/src/features/orders/detail/seeded.ts')
      await allowed("import { api } from '@/bridge'\nimport { useReachabilityStore } from '@/session/reachability-store'\nimport { slugify } from '@/lib/slug'\nexport const all = [api, useReachabilityStore, slugify]", 'renderer/src/data/seeded.ts')
      await allowed("import { useConnectionsStore } from '@/session/connections-store'\nexport const s = useConnectionsStore", 'renderer/src/ui/seeded.ts')
      await allowed("import OrdersPage from '@/features/orders/OrdersPage.vue'\nexport const p = OrdersPage", 'renderer/src/shell/seeded.ts')
    })
  })
})
