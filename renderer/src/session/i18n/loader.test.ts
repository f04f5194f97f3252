// How catalogs load: only English is there at start; another language's catalog is fetched once
// when it is chosen or asked for, the screens switch only once it is in (no keys, no half
// page), a catalog that cannot be fetched keeps the language the screens speak and says so,
// and whatever formats in another language waits for its catalog. Each test starts from fresh
// modules (the unit tests' setup loads every catalog into the shared ones).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { computed } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import fc from 'fast-check'
import type { LocalePreference } from '../locale-store'
import type { UiLocale } from './i18n'

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

/**
 * How a catalog's chunk answers: refused like a chunk the network lost when its language is in
 * `failing`; the German one is also counted and held until `release`. Every registration of a
 * chunk's mock uses this one factory: vitest resolves mocks queued together in parallel, so when
 * a test registers a chunk again, either registration may win, and both must answer alike.
 */
const chunks = { germanFetches: 0, failing: new Set<UiLocale>(), gate: null as Promise<void> | null }
const chunk = (locale: UiLocale) => async (importOriginal: () => Promise<unknown>) => {
  if (locale === 'de') {
    chunks.germanFetches++
    if (chunks.gate) await chunks.gate
  }
  if (chunks.failing.has(locale)) throw new TypeError(`Failed to fetch dynamically imported module: ${locale}.js`)
  return importOriginal()
}
/** Registers every chunk's mock afresh, so each starts not fetched yet (vi.resetModules keeps mocked modules). */
function mockChunks() {
  vi.doMock('./de', chunk('de'))
  vi.doMock('./zh-CN', chunk('zh-CN'))
  vi.doMock('./pseudo', chunk('en-XA'))
}

function hold() {
  let release!: () => void
  chunks.gate = new Promise<void>((resolve) => (release = resolve))
  return () => {
    chunks.gate = null
    release()
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  vi.resetModules()
  Object.assign(chunks, { germanFetches: 0, failing: new Set(), gate: null })
  mockChunks()
  localStorage.clear()
  setActivePinia(createPinia())
})
afterEach(() => localStorage.clear())

describe('the catalogs', () => {
  it('are English only at start; a language is fetched once however often it is asked for', async () => {
    const i18n = await import('./i18n')
    expect(i18n.isLanguageLoaded('en')).toBe(true)
    expect(i18n.isLanguageLoaded('de')).toBe(false)
    expect(chunks.germanFetches).toBe(0)
    await Promise.all([i18n.loadLanguage('de'), i18n.loadLanguage('de')])
    await i18n.loadLanguage('de')
    expect(chunks.germanFetches).toBe(1)
    i18n.applyLocale('de')
    expect(i18n.t('nav.orders')).toBe('Bestellungen')
  })

  it('refuse to apply a language whose catalog is not loaded', async () => {
    const i18n = await import('./i18n')
    expect(() => i18n.applyLocale('zh-CN')).toThrow(/not loaded/)
    expect(i18n.uiLocale()).toBe('en')
  })

  it('derive the pseudo-locale from English when it is asked for', async () => {
    const i18n = await import('./i18n')
    await i18n.loadLanguage('en-XA')
    expect(i18n.tIn('en-XA', 'nav.orders')).toMatch(/^\[Óŕđéŕš ·+\]$/)
  })

  it('give a message in another language once its catalog is in, and a screen showing it reads again', async () => {
    const i18n = await import('./i18n')
    const release = hold()
    const slipTitle = computed(() => i18n.tIn('de', 'nav.orders'))
    const loading = i18n.loadLanguage('de')
    expect(slipTitle.value).toBe('Orders')
    release()
    await loading
    expect(slipTitle.value).toBe('Bestellungen')
    expect(i18n.uiLocale()).toBe('en')
  })
})

/** The locale store of fresh modules, its first language applied (as main.ts waits for it). */
async function startedStore() {
  const { useLocaleStore } = await import('../locale-store')
  const i18n = await import('./i18n')
  const store = useLocaleStore()
  await store.ready
  return { store, i18n }
}

describe('choosing a language in Settings', () => {
  it('keeps the screens as they are until its catalog is in, then switches and keeps the choice', async () => {
    const { store, i18n } = await startedStore()
    const release = hold()
    store.preference = 'de'
    await settle()
    expect(store.preference).toBe('de')
    expect(store.loading).toBe('de')
    expect(i18n.uiLocale()).toBe('en')
    expect(i18n.t('nav.orders')).toBe('Orders')
    expect(localStorage.getItem('storedesk.locale')).not.toBe('de')
    release()
    await vi.waitUntil(() => store.loading === null)
    expect(i18n.uiLocale()).toBe('de')
    expect(store.locale).toBe('de')
    expect(store.loading).toBeNull()
    expect(i18n.t('nav.orders')).toBe('Bestellungen')
    expect(localStorage.getItem('storedesk.locale')).toBe('de')
    expect(document.documentElement.lang).toBe('de')
  })

  it('keeps the language when its catalog cannot be loaded, says so, and can be tried again', async () => {
    const { store, i18n } = await startedStore()
    const { useNoticesStore } = await import('../notices-store')
    chunks.failing.add('de')
    store.preference = 'de'
    await settle()
    expect(i18n.uiLocale()).toBe('en')
    expect(store.locale).toBe('en')
    expect(store.preference).toBe('system')
    expect(localStorage.getItem('storedesk.locale')).toBe('system')
    expect(useNoticesStore().notices.map((n) => [n.kind, n.title, n.text])).toEqual([['error', 'Language', 'Could not load Deutsch, so the app stays in English. Try again.']])

    chunks.failing.delete('de')
    store.preference = 'de'
    await vi.waitUntil(() => store.loading === null)
    expect(i18n.uiLocale()).toBe('de')
    expect(chunks.germanFetches).toBe(2)
    expect(useNoticesStore().notices).toEqual([])
  })

  it('starts in the stored language, its catalog loaded before anything renders', async () => {
    localStorage.setItem('storedesk.locale', 'de')
    const { useLocaleStore } = await import('../locale-store')
    const i18n = await import('./i18n')
    const store = useLocaleStore()
    expect(i18n.uiLocale()).toBe('en')
    await store.ready
    expect(i18n.uiLocale()).toBe('de')
    expect(store.locale).toBe('de')
  })

  it('follows the newest choice when an earlier one is still loading', async () => {
    const { store, i18n } = await startedStore()
    const release = hold()
    store.preference = 'de'
    store.preference = 'zh-CN'
    await settle()
    release()
    await vi.waitUntil(() => store.loading === null)
    expect(i18n.uiLocale()).toBe('zh-CN')
    expect(localStorage.getItem('storedesk.locale')).toBe('zh-CN')
  })
})

/** What the store and the screens should show, as the choices so far decide it. */
interface Model {
  current: UiLocale
  stored: LocalePreference
  loaded: Set<UiLocale>
  failureSaid: boolean
}
interface Real {
  store: Awaited<ReturnType<typeof startedStore>>['store']
  i18n: Awaited<ReturnType<typeof startedStore>>['i18n']
  notices: () => { key?: string }[]
  failing: Set<UiLocale>
}

/** The tests' system speaks English (happy-dom's navigator.languages). */
const resolved = (preference: LocalePreference): UiLocale => (preference === 'system' ? 'en' : preference)

function check(model: Model, real: Real) {
  expect(real.i18n.uiLocale()).toBe(model.current)
  expect(real.store.locale).toBe(model.current)
  expect(real.store.preference).toBe(model.stored)
  expect(localStorage.getItem('storedesk.locale')).toBe(model.stored)
  expect(real.notices().some((n) => n.key === 'language')).toBe(model.failureSaid)
  const shown = real.i18n.t('nav.orders')
  expect(shown).toBe(real.i18n.tIn(model.current, 'nav.orders'))
  if (model.current !== 'en') expect(shown).not.toBe('Orders')
}

class Choose implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly preference: LocalePreference,
    readonly fails: boolean,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const target = resolved(this.preference)
    if (this.fails) real.failing.add(target)
    else real.failing.delete(target)
    real.store.preference = this.preference
    await vi.waitUntil(() => real.store.loading === null, { timeout: 5000 })
    if (model.loaded.has(target) || !this.fails) {
      Object.assign(model, { current: target, stored: this.preference, failureSaid: false })
      model.loaded.add(target)
    } else {
      model.failureSaid = true
    }
    check(model, real)
  }
  toString = () => `choose ${this.preference}${this.fails ? ' (its chunk is lost)' : ''}`
}

class ChooseTwice implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly first: LocalePreference,
    readonly second: LocalePreference,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    real.failing.clear()
    real.store.preference = this.first
    real.store.preference = this.second
    // The first choice's catalog still arrives (and is kept), though the second wins.
    await vi.waitUntil(() => real.store.loading === null && real.i18n.isLanguageLoaded(resolved(this.first)), { timeout: 5000 })
    const target = resolved(this.second)
    Object.assign(model, { current: target, stored: this.second, failureSaid: false })
    model.loaded.add(target).add(resolved(this.first))
    check(model, real)
  }
  toString = () => `choose ${this.first}, then ${this.second} at once`
}

describe('the language, as a model', () => {
  it('is always a loaded one; the stored choice changes only with a catalog in; a lost chunk is said, then forgotten', async () => {
    const preference = fc.constantFrom<LocalePreference>('system', 'en', 'de', 'zh-CN', 'en-XA')
    const commands = [fc.tuple(preference, fc.boolean()).map(([p, fails]) => new Choose(p, fails)), fc.tuple(preference, preference).map(([a, b]) => new ChooseTwice(a, b))]
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (cmds) => {
        vi.resetModules()
        localStorage.clear()
        setActivePinia(createPinia())
        chunks.failing.clear()
        mockChunks()
        const { store, i18n } = await startedStore()
        const { useNoticesStore } = await import('../notices-store')
        const notices = useNoticesStore()
        const model: Model = { current: 'en', stored: 'system', loaded: new Set(['en']), failureSaid: false }
        await fc.asyncModelRun(() => ({ model, real: { store, i18n, notices: () => notices.notices, failing: chunks.failing } }), cmds)
      }),
      { numRuns: 20 },
    )
    // Each run imports fresh catalogs: slow on a loaded machine, so a minute and a half of room.
  }, 90_000)
})
