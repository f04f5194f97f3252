// Order tags and notes (issue 31): the tags' text form, edits queued with the undo window and
// shown at once over the cached value, merged with another desk's tags when sent, a note that
// stops as a conflict, a tags field created offline that the edits wait for, the sync reading
// only the orders that can have changed; and, on generated sequences of add, remove, undo,
// sending and lost answers, the store ends with the tags the operator last saw, each edit sent
// once (fast-check, fc.commands with fc.asyncModelRun).
import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import type { MetaFieldDefinition } from '@common/store-api/resources'
import { storeKey, type StoreDatabase } from '../db'
import type { FakeStore } from '../fake-store'
import { undoWrite } from '../outbox'
import { replayOutbox } from '../replayer'
import { syncResource } from '../sync'
import { cacheOrder, freshDatabase, freshStoreEachTest, makeMetaField, timestamp } from '../test-support'
import { FakeStore as Store } from '../fake-store'
import { setUndoWindowSeconds, UNDO_WINDOW_STORAGE_KEY } from '../undo-window'
import { say } from '@/session/i18n'
import { editTags, effectiveEdit, parseTags, readAllOrderTags, readOrderMeta, serialiseTags, tagProblem, ORDER_META_FIELDS } from './order-meta'
import { editOrderTags, enableOrderField, orderFieldState, proposeOrderField, setOrderNote } from './order-meta-actions'

vi.mock('@/bridge', () => ({ api: {} }))

let db: StoreDatabase
let store: FakeStore

freshStoreEachTest((d, s) => ((db = d), (store = s)))

const LATER = () => Date.now() + 120_000

/** The app's field on the store and in the cache, as a sync leaves it. */
async function appField(database: StoreDatabase, fakeStore: FakeStore, kind: 'tags' | 'note', id: number, extra: Partial<MetaFieldDefinition> = {}): Promise<MetaFieldDefinition> {
  const field = makeMetaField(id, { ...ORDER_META_FIELDS[kind], rule: ORDER_META_FIELDS[kind].rule ?? {}, description: ORDER_META_FIELDS[kind].description ?? '', pinned_position: false, ...extra })
  fakeStore.metaFields.set(id, structuredClone(field))
  await database.metaFieldDefinitions.put({ ...field, key: storeKey(id), fieldKey: field.key, storeId: id })
  return field
}

const storeTags = (orderId: number, fieldId = 70) => parseTags(store.values.get(`orders/${orderId}/${fieldId}`)?.value)
const puts = () => store.sent('metaFieldValues.set')

describe('tags as text', () => {
  it('are read from text or a JSON array, once each whatever their case or accents, and written as the field stores them', () => {
    expect(parseTags(' fragile,  VIP ,Fragile,, fragíle ')).toEqual(['fragile', 'VIP'])
    expect(parseTags('["gift","Gift","waiting for stock"]')).toEqual(['gift', 'waiting for stock'])
    expect(parseTags(null)).toEqual([])
    expect(serialiseTags(['fragile', 'VIP'], 'text')).toBe('fragile, VIP')
    expect(serialiseTags(['fragile'], 'json')).toBe('["fragile"]')
    expect(serialiseTags([], 'json')).toBe('')
  })

  it('refuse what cannot be a tag, in words', () => {
    expect(say(tagProblem('  ')!)).toBe('Type a tag first.')
    expect(say(tagProblem('a,b')!)).toMatch(/comma/)
    expect(say(tagProblem('x'.repeat(41))!)).toMatch(/at most 40 characters \(this one has 41\)/)
    expect(say(tagProblem("'")!)).toMatch(/letter or a digit/)
    expect(tagProblem(' waiting  for stock ')).toBeNull()
  })

  it('edit by removing, then adding what is missing; only real changes make an edit', () => {
    expect(editTags(['fragile', 'VIP'], { add: ['gift', 'vip'], remove: ['FRAGILE'] })).toEqual(['VIP', 'gift'])
    expect(effectiveEdit(['fragile'], { add: ['Fragile'], remove: ['vip'] })).toBeNull()
    expect(effectiveEdit(['fragile', 'VIP'], { add: ['gift'], remove: ['vip'] })).toEqual({ add: ['gift'], remove: ['VIP'] })
  })
})

describe('tag and note edits', () => {
  it('wait out the undo window, show at once over the cached value, and an undo takes them back with nothing sent', async () => {
    setUndoWindowSeconds(10)
    await cacheOrder(db, store, 1)
    await appField(db, store, 'tags', 70)
    const { queued } = await editOrderTags(db, [1], { add: ['fragile'], remove: [] })
    expect(await readOrderMeta(db, 1)).toEqual({ tags: ['fragile'], note: '', pending: true })
    expect((await db.orders.get(1))!.pending).toBe(true)
    expect((await db.outbox.get(queued[0]!))!.label).toEqual({ kind: 'orders.tags', action: 'tags', target: { noun: 'order', name: '#1001' }, values: { add: 'fragile' } })
    expect((await replayOutbox(db, store.call, Date.now)).sent).toBe(0)
    expect(await undoWrite(db, queued[0]!)).toBe('undone')
    expect(await readOrderMeta(db, 1)).toEqual({ tags: [], note: '', pending: false })
    expect((await db.orders.get(1))!.pending).toBe(false)
    await replayOutbox(db, store.call, LATER)
    expect(store.log).toEqual([])
  })

  it('tag only the selected orders that lack the tag, and merge with tags another desk set meanwhile', async () => {
    setUndoWindowSeconds(0)
    for (const id of [1, 2, 3]) await cacheOrder(db, store, id)
    await appField(db, store, 'tags', 70)
    store.values.set('orders/2/70', { ...store.metaFields.get(70)!, value: 'Fragile', meta_field_id: '70' })
    await db.metaFieldValues.put({ ...store.values.get('orders/2/70')!, resource: 'orders', resourceId: '2' })
    const outcome = await editOrderTags(db, [1, 2, 3], { add: ['fragile'], remove: [] })
    expect(outcome).toMatchObject({ unchanged: 1, tooMany: 0 })
    expect(outcome.queued).toHaveLength(2)
    // Another desk tags order 3 "VIP" before ours is sent.
    store.values.set('orders/3/70', { ...store.metaFields.get(70)!, value: 'VIP', meta_field_id: '70' })
    expect((await replayOutbox(db, store.call, LATER)).sent).toBe(2)
    expect([storeTags(1), storeTags(2), storeTags(3)]).toEqual([['fragile'], ['Fragile'], ['VIP', 'fragile']])
    expect(puts()).toHaveLength(2)
    // The store's answers are cached: the list shows what the store holds.
    expect(await readAllOrderTags(db)).toEqual(new Map([[1, ['fragile']], [2, ['Fragile']], [3, ['VIP', 'fragile']]]))
    expect((await db.orders.get(3))!.pending).toBe(false)
  })

  it('an edit whose answer was lost is not sent again when the store already has it', async () => {
    setUndoWindowSeconds(0)
    await cacheOrder(db, store, 1)
    await appField(db, store, 'tags', 70)
    await editOrderTags(db, [1], { add: ['fragile'], remove: [] })
    store.fail('metaFieldValues.set', { code: 'timeout', message: 'No answer' }, { afterEffect: true })
    await replayOutbox(db, store.call, LATER)
    await replayOutbox(db, store.call, () => Date.now() + 600_000)
    expect(storeTags(1)).toEqual(['fragile'])
    expect(puts()).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('a note stops as a conflict when another desk changed it since, and goes once that is settled', async () => {
    setUndoWindowSeconds(0)
    await cacheOrder(db, store, 1)
    await appField(db, store, 'note', 71)
    expect(await setOrderNote(db, 1, ' Leave at the back door. ')).not.toBeNull()
    expect((await readOrderMeta(db, 1)).note).toBe('Leave at the back door.')
    store.values.set('orders/1/71', { ...store.metaFields.get(71)!, value: 'Customer called: ship Monday', meta_field_id: '71' })
    await replayOutbox(db, store.call, LATER)
    const [entry] = await db.outbox.toArray()
    expect(entry!.state).toBe('conflict')
    expect(await db.conflicts.get(entry!.id!)).toMatchObject({ mine: { note: 'Leave at the back door.' }, theirs: { note: 'Customer called: ship Monday' }, base: { note: '' } })
    expect(puts()).toHaveLength(0)
    await expect(setOrderNote(db, 1, 'x'.repeat(2001))).rejects.toThrow('at most 2,000 characters')
    // Refused in the catalog's words, said in the app's language where the card shows it.
    await expect(setOrderNote(db, 1, 'x'.repeat(2001))).rejects.toMatchObject({ words: { key: 'orderNote.tooLong', params: { max: 2000, n: 2001 } } })
    await expect(editOrderTags(db, [1], { add: ['a,b'], remove: [] })).rejects.toMatchObject({ words: { key: 'tags.problem.comma' } })
  })

  it('a later note is based on the earlier one once the store took it (no conflict with itself)', async () => {
    setUndoWindowSeconds(0)
    await cacheOrder(db, store, 1)
    await appField(db, store, 'note', 71)
    await setOrderNote(db, 1, 'First')
    await setOrderNote(db, 1, 'Second')
    expect((await replayOutbox(db, store.call, LATER)).sent).toBe(2)
    expect(store.values.get('orders/1/71')?.value).toBe('Second')
  })

  it('a tags field agreed to offline is created first; the edits made meanwhile wait for it, then name it', async () => {
    setUndoWindowSeconds(0)
    await cacheOrder(db, store, 1)
    expect(await orderFieldState(db, 'tags')).toEqual({ state: 'missing' })
    await proposeOrderField(db, 'tags')
    expect((await orderFieldState(db, 'tags')).state).toBe('ready')
    await editOrderTags(db, [1], { add: ['fragile'], remove: [] })
    expect((await replayOutbox(db, store.call, LATER)).sent).toBe(2)
    const created = [...store.metaFields.values()].find((f) => f.namespace === 'storedesk' && f.key === 'tags')!
    expect(created).toMatchObject({ resource_type: 'order', type: 'text' })
    expect(storeTags(1, created.id)).toEqual(['fragile'])
  })

  it('a tags field the store has turned off is turned on first; the edits made meanwhile wait for that', async () => {
    setUndoWindowSeconds(0)
    for (const id of [1, 2]) await cacheOrder(db, store, id)
    await appField(db, store, 'tags', 70, { status: 'disabled' })
    const state = await orderFieldState(db, 'tags')
    expect(state.state).toBe('disabled')
    if (state.state === 'disabled') await enableOrderField(db, state.field)
    await editOrderTags(db, [1, 2], { add: ['fragile'], remove: [] })
    // The store is briefly busy when the field would be turned on: the edits wait rather than go (and be refused).
    store.fail('metaFields.get', { code: 'server', message: 'Busy' })
    await replayOutbox(db, store.call, LATER)
    expect(puts()).toHaveLength(0)
    expect((await replayOutbox(db, store.call, () => Date.now() + 600_000)).sent).toBe(3)
    expect(store.log.filter((l) => l.operation !== 'metaFieldValues.list').map((l) => l.operation)).toEqual(['metaFields.get', 'metaFields.get', 'metaFields.update', 'metaFieldValues.set', 'metaFieldValues.set'])
    expect([storeTags(1), storeTags(2)]).toEqual([['fragile'], ['fragile']])
  })

  it('a tags field another desk created meanwhile (the store refuses a second) is the one used', async () => {
    setUndoWindowSeconds(0)
    await cacheOrder(db, store, 1)
    await proposeOrderField(db, 'tags')
    await editOrderTags(db, [1], { add: ['gift'], remove: [] })
    const theirs = makeMetaField(90, { ...ORDER_META_FIELDS.tags, description: '', rule: {} })
    store.metaFields.set(90, theirs)
    store.fail('metaFields.create', { code: 'conflict', message: 'Duplicate namespace and key' })
    expect((await replayOutbox(db, store.call, LATER)).sent).toBe(2)
    expect(storeTags(1, 90)).toEqual(['gift'])
    expect([...store.metaFields.values()].filter((f) => f.key === 'tags')).toHaveLength(1)
  })
})

describe('the sync of tags and notes', () => {
  /** Another desk changes the order: the store stamps both its times (the store's zone is GMT). */
  const changeOnStore = (id: number) => {
    const order = store.orders.get(id)!
    order.post_modified_gmt = order.post_modified = store.now()
  }

  it('reads the tags another desk wrote in a write stamped before the last pass’s newest change', async () => {
    for (const id of [1, 2, 3]) await cacheOrder(db, store, id)
    const field = await appField(db, store, 'tags', 70, { created_at_gmt: store.now() })
    changeOnStore(1)
    await syncResource(db, store.call, 'orderMeta')
    // A slow write began two minutes before that change and commits only now.
    store.values.set('orders/2/70', { ...field, value: 'VIP', meta_field_id: '70' })
    const order = store.orders.get(2)!
    order.post_modified_gmt = order.post_modified = timestamp(store.clock - 2)
    await syncResource(db, store.call, 'orderMeta')
    expect(await readAllOrderTags(db)).toEqual(new Map([[2, ['VIP']]]))
  })

  it('reads no value without the app’s fields, then only the orders modified since, and resumes where it stopped', async () => {
    for (const id of [1, 2, 3]) await cacheOrder(db, store, id)
    await syncResource(db, store.call, 'orderMeta')
    expect(store.log).toEqual([])
    // Created after every order's last change: only orders changed since can hold values.
    const field = await appField(db, store, 'tags', 70, { created_at_gmt: store.now() })
    store.values.set('orders/2/70', { ...field, value: 'VIP', meta_field_id: '70' })
    changeOnStore(2)
    await syncResource(db, store.call, 'orderMeta')
    expect(store.sent('metaFieldValues.list').map((l) => l.params.path?.id)).toEqual(['2'])
    expect(await readAllOrderTags(db)).toEqual(new Map([[2, ['VIP']]]))

    // Two more changed; the pass stops before reading the first; the next reads both.
    store.log = []
    for (const id of [1, 3]) changeOnStore(id)
    store.values.set('orders/1/70', { ...field, value: 'gift', meta_field_id: '70' })
    store.fail('metaFieldValues.list', { code: 'network', message: 'offline' }, { times: 1 })
    await expect(syncResource(db, store.call, 'orderMeta')).rejects.toMatchObject({ code: 'network' })
    store.log = []
    store.faults = []
    await syncResource(db, store.call, 'orderMeta')
    // 2 again too: it changed within the overlap (five minutes) before the watermark.
    expect(store.sent('metaFieldValues.list').map((l) => l.params.path?.id)).toEqual(['3', '1', '2'])
    expect((await readAllOrderTags(db)).get(1)).toEqual(['gift'])
    // Until their modified times are older than the store's clock less the overlap, each pass
    // reads them again: another change stamped in the same second may commit after a read.
    store.clock += 10
    store.log = []
    await syncResource(db, store.call, 'orderMeta')
    expect(store.sent('metaFieldValues.list').map((l) => l.params.path?.id)).toEqual(['3', '1', '2'])
    // Then an idle store costs one page and no values.
    store.log = []
    await syncResource(db, store.call, 'orderMeta')
    expect(store.sent('metaFieldValues.list')).toEqual([])
    expect(store.sent('orders.list')).toHaveLength(1)
    // A change to one of them is read again.
    changeOnStore(1)
    store.log = []
    await syncResource(db, store.call, 'orderMeta')
    expect(store.sent('metaFieldValues.list').map((l) => l.params.path?.id)).toEqual(['1'])
  })
})

// ---------------------------------------------------------------- generated sequences

const ORDERS = [1, 2]
const TAGS = ['fragile', 'VIP', 'gift']

interface Model {
  /** What the operator sees on each order (the store's tags with the queued edits applied). */
  shown: Map<number, string[]>
  /** Outbox ids of the edits still queued, per order, oldest first. */
  queued: { id: number; orderId: number }[]
}

interface Real {
  db: StoreDatabase
  store: FakeStore
  /** Edits queued and not undone: each may reach the store once. */
  sendable: number
}

/** What the model shows after undoing one queued edit: the store's tags with the others applied, as the app computes it. */
async function checkShown(model: Model, real: Real) {
  for (const id of ORDERS) expect((await readOrderMeta(real.db, id)).tags).toEqual(model.shown.get(id) ?? [])
}

class Edit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly orderId: number,
    readonly tag: string,
    readonly add: boolean,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const edit = this.add ? { add: [this.tag], remove: [] } : { add: [], remove: [this.tag] }
    const { queued } = await editOrderTags(real.db, [this.orderId], edit)
    const before = model.shown.get(this.orderId) ?? []
    const change = effectiveEdit(before, edit)
    // Only a real change is queued.
    expect(queued.length).toBe(change ? 1 : 0)
    if (change) {
      model.shown.set(this.orderId, editTags(before, change))
      model.queued.push({ id: queued[0]!, orderId: this.orderId })
      real.sendable++
    }
    await checkShown(model, real)
  }
  toString = () => `${this.add ? 'add' : 'remove'} ${this.tag} on ${this.orderId}`
}

class Undo implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.queued.length > 0
  async run(model: Model, real: Real) {
    const [entry] = model.queued.splice(this.pick % model.queued.length, 1)
    expect(await undoWrite(real.db, entry!.id)).toBe('undone')
    real.sendable--
    // What remains shown is the store's tags with the other queued edits of that order applied.
    let shown = storeTagsOf(real.store, entry!.orderId)
    for (const e of await real.db.outbox.where('lanes').equals(`orders:${entry!.orderId}`).sortBy('id')) if (e.write.kind === 'orders.tags') shown = editTags(shown, e.write.body)
    model.shown.set(entry!.orderId, shown)
    await checkShown(model, real)
  }
  toString = () => `undo #${this.pick}`
}

class Send implements fc.AsyncCommand<Model, Real> {
  constructor(readonly loseAnswer: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    // An answer lost on the way back: the store did it, the app does not know.
    if (this.loseAnswer) real.store.fail('metaFieldValues.set', { code: 'timeout', message: 'No answer' }, { afterEffect: true })
    await replayOutbox(real.db, real.store.call, LATER)
    await replayOutbox(real.db, real.store.call, () => Date.now() + 600_000)
    // A lost answer this pass had nothing to send for does not carry over to the next one.
    real.store.faults = []
    model.queued = []
    for (const id of ORDERS) expect(storeTagsOf(real.store, id)).toEqual(model.shown.get(id) ?? [])
    // Never more requests that change the store than edits that were kept.
    expect(real.store.sent('metaFieldValues.set').length).toBeLessThanOrEqual(real.sendable)
    await checkShown(model, real)
  }
  toString = () => `send${this.loseAnswer ? ' (answer lost)' : ''}`
}

function storeTagsOf(fakeStore: FakeStore, orderId: number): string[] {
  return parseTags(fakeStore.values.get(`orders/${orderId}/70`)?.value)
}

describe('queued tag edits, generated', () => {
  it('reach the store as the tags last shown, each kept edit sent once, whatever the adds, removes, undos and lost answers', async () => {
    const commands = [
      fc.tuple(fc.constantFrom(...ORDERS), fc.constantFrom(...TAGS), fc.boolean()).map(([o, t, a]) => new Edit(o, t, a)),
      fc.nat().map((n) => new Undo(n)),
      fc.boolean().map((lose) => new Send(lose)),
    ]
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (cmds) => {
        setUndoWindowSeconds(10)
        const database = freshDatabase()
        const fakeStore = new Store()
        try {
          for (const id of ORDERS) await cacheOrder(database, fakeStore, id)
          await appField(database, fakeStore, 'tags', 70)
          const real: Real = { db: database, store: fakeStore, sendable: 0 }
          await fc.asyncModelRun(() => ({ model: { shown: new Map(), queued: [] }, real }), [...cmds, new Send(false)])
        } finally {
          localStorage.removeItem(UNDO_WINDOW_STORAGE_KEY)
          database.close()
          await database.delete()
        }
      }),
      { numRuns: 40 },
    )
  })
})
