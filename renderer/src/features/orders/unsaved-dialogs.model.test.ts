// Model-based test of the unsaved-changes rule (ui/use-unsaved-changes.ts) over the order
// page's write dialogs (use-write-dialogs.ts) and a create form (FormDialog + useFormDialog),
// mounted with a memory router and Naive UI's real dialogs. Generated sequences open a dialog,
// type, clear back to what it opened with, go Back and Forward, open another order, switch
// store, press Escape or the ✕ and answer the question; after every step:
//   (1) a dialog holding typed text is never closed without a confirmed Discard;
//   (2) an order write dialog names the order on screen (it never follows the route);
//   (3) Keep editing changes nothing: route, store and the dialog's text stay as they were;
//   and nothing is ever written.
/* eslint-disable vue/one-component-per-file -- the harness: the pages and fields the test mounts, each a few lines */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils'
import { computed, defineComponent, h, ref, type PropType } from 'vue'
import { createMemoryHistory, createRouter, RouterView, useRoute, type Router } from 'vue-router'
import { createPinia, setActivePinia } from 'pinia'
import { NDialogProvider, NMessageProvider } from 'naive-ui'
import fc from 'fast-check'
import CardDialog from '@/ui/components/CardDialog.vue'
import FormDialog from '@/ui/components/FormDialog.vue'
import { useFormDialog } from '@/ui/use-form-dialog'
import { differs, useUnsavedChanges } from '@/ui/use-unsaved-changes'
import { useConnectionsStore } from '@/session/connections-store'
import { api, resetFakeBridge } from '@/bridge/testing/fake-bridge'
import { connection, state } from '@/bridge/testing/fixtures'
import type { CachedOrder } from '@/data'
import { useWriteDialogs } from './use-write-dialogs'
import type { OrderBinding } from './write-binding'

vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))

const STORES = ['c_demo', 'c_acme'] as const
const ORDERS = [1001, 1002, 1003] as const

/** A field a person types into, saying whether it differs from how it opened. */
const TypedField = defineComponent({
  props: { label: { type: String, required: true } },
  setup(props, { expose }) {
    const text = ref('')
    expose({ dirty: computed(() => differs({ text: '' }, { text: text.value })) })
    return () => h('input', { 'aria-label': props.label, value: text.value, onInput: (event: Event) => (text.value = (event.target as HTMLInputElement).value) })
  },
})

/** The order page's wiring of its write dialogs, as OrderDetailPage.vue does it. */
const OrderPage = defineComponent({
  setup() {
    const route = useRoute()
    const dialogs = useWriteDialogs()
    const field = ref<{ dirty: boolean } | null>(null)
    const unsaved = useUnsavedChanges({ open: () => dialogs.open.value !== null, dirty: () => Boolean(field.value?.dirty), discard: () => dialogs.close() })
    const id = computed(() => Number(route.params.id))
    const order = () => ({ ID: id.value, number: String(id.value), post_modified_gmt: '2026-01-01 00:00:00' }) as unknown as CachedOrder
    return () =>
      h('main', [
        h('h1', `Order #${id.value}`),
        h('button', { onClick: () => dialogs.openFor('tracking', order()) }, 'Add tracking'),
        h(
          CardDialog,
          { show: dialogs.open.value !== null, title: `Add tracking to #${dialogs.open.value?.binding.number ?? ''}`, 'onUpdate:show': (show: boolean) => !show && unsaved.requestClose() },
          () => (dialogs.open.value ? h(TrackingForm, { ref: field, binding: dialogs.open.value.binding }) : null),
        ),
      ])
  },
})
const TrackingForm = defineComponent({
  props: { binding: { type: Object as PropType<OrderBinding>, required: true } },
  setup(props, { expose }) {
    const field = ref<{ dirty: boolean } | null>(null)
    expose({ dirty: computed(() => Boolean(field.value?.dirty)) })
    return () => h('div', { 'data-order': props.binding.id }, [h(TypedField, { ref: field, label: 'Tracking number' })])
  },
})

/** A create dialog as CollectionFormDialog builds it, its writes recorded. */
const writes: unknown[] = []
const CollectionsPage = defineComponent({
  setup() {
    const show = ref(false)
    const { form, saving, save, dirty } = useFormDialog({
      show,
      target: ref('db'),
      row: () => null,
      formOf: (row: { title: string }) => ({ title: row.title }),
      empty: () => ({ title: '' }),
      check: () => null,
      create: async (_target, filled) => writes.push(filled),
      changes: () => ({}),
      update: async () => undefined,
      saved: (filled) => ({ key: 'collections.form.saved', params: { title: filled.title } }),
    })
    return () =>
      h('main', [
        h('h1', 'Collections'),
        h('button', { onClick: () => (show.value = true) }, 'New collection'),
        h(
          FormDialog,
          { show: show.value, 'onUpdate:show': (value: boolean) => (show.value = value), title: 'New collection', submitLabel: 'Create', saving: saving.value, dirty: dirty.value, onSubmit: save },
          () => h('input', { 'aria-label': 'Title', value: form.value.title, onInput: (event: Event) => (form.value.title = (event.target as HTMLInputElement).value) }),
        ),
      ])
  },
})

interface Model {
  path: string
  history: string[]
  at: number
  store: string
  /** The open dialog: on an order (its number) or the collection form, and its text. */
  dialog: { order: number | null; text: string } | null
  /** What waits for the question's answer. */
  pending: { kind: 'path'; path: string; at: number; history: string[] } | { kind: 'store'; store: string } | { kind: 'close' } | null
}

interface Real {
  router: Router
  wrapper: ReturnType<typeof mount>
  connections: ReturnType<typeof useConnectionsStore>
  navigations: { count: number }
  /** A store switch waiting for the question. */
  switching: Promise<boolean> | null
}

/** The question on screen (one answered may linger hidden until its leave transition ends). */
const question = () => [...document.body.querySelectorAll<HTMLElement>('.unsaved-changes-question')].find((q) => q.style.display !== 'none') ?? null
const dialogInput = () => document.body.querySelector<HTMLInputElement>('[role="dialog"] input[aria-label="Tracking number"], [role="dialog"] input[aria-label="Title"]')
const page = (path: string) => (path.startsWith('/orders/') ? 'order' : 'collections')

async function settle(real: Real, before: number) {
  await vi.waitFor(() => expect(real.navigations.count > before || question() !== null).toBe(true))
  await flushPromises()
}

/** Leaving by way of `go` (a route change, a switch, a close): asks when the dialog holds text. */
function leaving(m: Model, pending: NonNullable<Model['pending']>, proceed: () => void) {
  if (m.dialog && m.dialog.text !== '') {
    m.pending = pending
    return
  }
  m.dialog = null
  proceed()
}

function applyPath(m: Model, to: { path: string; at: number; history: string[] }) {
  m.path = to.path
  m.at = to.at
  m.history = to.history
}

const noQuestion = (m: Model) => m.pending === null

class OpenOrderDialog implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => noQuestion(m) && m.dialog === null
  async run(m: Model, real: Real) {
    const label = page(m.path) === 'order' ? 'Add tracking' : 'New collection'
    await real.wrapper.findAll('button').find((b) => b.text() === label)!.trigger('click')
    await flushPromises()
    m.dialog = { order: page(m.path) === 'order' ? Number(m.path.split('/')[2]) : null, text: '' }
  }
  toString = () => 'open dialog'
}

class Type implements fc.AsyncCommand<Model, Real> {
  constructor(readonly text: string) {}
  check = (m: Readonly<Model>) => noQuestion(m) && m.dialog !== null
  async run(m: Model) {
    const input = dialogInput()!
    input.value = this.text
    input.dispatchEvent(new Event('input'))
    await flushPromises()
    m.dialog!.text = this.text
  }
  toString = () => `type ${JSON.stringify(this.text)}`
}

class Push implements fc.AsyncCommand<Model, Real> {
  constructor(readonly path: string) {}
  check = (m: Readonly<Model>) => noQuestion(m) && m.path !== this.path
  async run(m: Model, real: Real) {
    const before = real.navigations.count
    void real.router.push(this.path)
    await settle(real, before)
    const history = [...m.history.slice(0, m.at + 1), this.path]
    leaving(m, { kind: 'path', path: this.path, at: history.length - 1, history }, () => applyPath(m, { path: this.path, at: history.length - 1, history }))
  }
  toString = () => `go to ${this.path}`
}

class Traverse implements fc.AsyncCommand<Model, Real> {
  constructor(readonly delta: -1 | 1) {}
  check = (m: Readonly<Model>) => noQuestion(m)
  async run(m: Model, real: Real) {
    const at = m.at + this.delta
    const before = real.navigations.count
    real.router.go(this.delta)
    if (at < 0 || at >= m.history.length) {
      await flushPromises()
      return
    }
    await settle(real, before)
    const to = { path: m.history[at]!, at, history: m.history }
    leaving(m, { kind: 'path', ...to }, () => applyPath(m, to))
  }
  toString = () => (this.delta < 0 ? 'Back' : 'Forward')
}

class SwitchStore implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => noQuestion(m)
  async run(m: Model, real: Real) {
    const store = m.store === STORES[0] ? STORES[1] : STORES[0]
    real.switching = real.connections.setActive(store)
    await vi.waitFor(() => expect(real.connections.activeId === store || question() !== null).toBe(true))
    await flushPromises()
    leaving(m, { kind: 'store', store }, () => (m.store = store))
  }
  toString = () => 'switch store'
}

class Close implements fc.AsyncCommand<Model, Real> {
  constructor(readonly how: 'Escape' | '✕') {}
  check = (m: Readonly<Model>) => noQuestion(m) && m.dialog !== null
  async run(m: Model) {
    if (this.how === 'Escape') document.body.querySelector('[role="dialog"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }))
    else document.body.querySelector<HTMLButtonElement>('[role="dialog"] button[aria-label="Close"]')!.click()
    await flushPromises()
    leaving(m, { kind: 'close' }, () => undefined)
  }
  toString = () => this.how
}

class Answer implements fc.AsyncCommand<Model, Real> {
  constructor(readonly choice: 'Keep editing' | 'Discard') {}
  check = (m: Readonly<Model>) => m.pending !== null
  async run(m: Model, real: Real) {
    const before = real.navigations.count
    const button = [...question()!.querySelectorAll('button')].find((b) => b.textContent?.trim() === this.choice)!
    button.click()
    const pending = m.pending!
    m.pending = null
    if (pending.kind === 'path') await vi.waitFor(() => expect(real.navigations.count).toBeGreaterThan(before))
    if (pending.kind === 'store') expect(await real.switching).toBe(this.choice === 'Discard')
    await flushPromises()
    if (this.choice === 'Keep editing') return
    m.dialog = null
    if (pending.kind === 'path') applyPath(m, pending)
    if (pending.kind === 'store') m.store = pending.store
  }
  toString = () => `answer ${this.choice}`
}

async function holds(m: Model, real: Real) {
  expect(real.router.currentRoute.value.fullPath).toBe(m.path)
  expect(real.connections.activeId).toBe(m.store)
  if (m.pending) expect(question()).not.toBeNull()
  else await vi.waitFor(() => expect(question()).toBeNull())
  if (m.dialog) {
    expect(dialogInput()?.value).toBe(m.dialog.text)
    if (m.dialog.order !== null) {
      // The dialog names the order it was opened for, and that is the order on screen.
      expect(document.body.querySelector('[role="dialog"] [data-order]')?.getAttribute('data-order')).toBe(String(m.dialog.order))
      expect(real.wrapper.find('h1').text()).toBe(`Order #${m.dialog.order}`)
    }
  } else {
    await vi.waitFor(() => expect(dialogInput()).toBeNull())
  }
  expect(writes).toEqual([])
}

enableAutoUnmount(afterEach)

describe('a dialog holding typed changes', () => {
  beforeEach(() => {
    resetFakeBridge()
    setActivePinia(createPinia())
    api.connections.setActive.mockImplementation(async (id: string) => state([connection({ id: STORES[0] }), connection({ id: STORES[1] })], id))
  })

  it('is left only by a confirmed Discard, stays bound to its order, and Keep editing changes nothing', async () => {
    const paths = [...ORDERS.map((n) => `/orders/${n}`), '/collections']
    const commands = [
      fc.constant(new OpenOrderDialog()),
      fc.constantFrom('1Z999AA10123456784', 'RR123456789US', ' ').map((text) => new Type(text)),
      fc.constant(new Type('')),
      fc.constantFrom(...paths).map((path) => new Push(path)),
      fc.constantFrom(-1 as const, 1 as const).map((delta) => new Traverse(delta)),
      fc.constant(new SwitchStore()),
      fc.constantFrom('Escape' as const, '✕' as const).map((how) => new Close(how)),
      fc.constantFrom('Keep editing' as const, 'Discard' as const).map((choice) => new Answer(choice)),
    ]
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        writes.length = 0
        const router = createRouter({
          history: createMemoryHistory(),
          routes: [
            { path: '/orders/:id', component: OrderPage },
            { path: '/collections', component: CollectionsPage },
          ],
        })
        const navigations = { count: 0 }
        router.afterEach(() => void navigations.count++)
        await router.push('/orders/1001')
        const connections = useConnectionsStore()
        connections.activeId = STORES[0]
        const wrapper = mount(() => h(NMessageProvider, () => h(NDialogProvider, () => h(RouterView))), { global: { plugins: [router], stubs: { transition: false } }, attachTo: document.body })
        await flushPromises()
        const real: Real = { router, wrapper, connections, navigations, switching: null }
        const model: Model = { path: '/orders/1001', history: ['/orders/1001'], at: 0, store: STORES[0], dialog: null, pending: null }
        try {
          await fc.asyncModelRun(() => ({ model, real }), [...cmds].map((cmd) => checked(cmd)))
        } finally {
          wrapper.unmount()
          document.body.innerHTML = ''
        }
      }),
      { numRuns: 40 },
    )
  }, 120_000)
})

/** Runs a command, then checks the invariants. */
function checked(cmd: fc.AsyncCommand<Model, Real>): fc.AsyncCommand<Model, Real> {
  return {
    check: (m) => cmd.check(m),
    run: async (m, r) => {
      await cmd.run(m, r)
      await holds(m, r)
    },
    toString: () => cmd.toString(),
  }
}
