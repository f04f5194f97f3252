// The outbox's rules as invariants, over generated sequences of what a writer and an operator
// do (new posts, hide and show, edits, collections, meta fields, tracking numbers, addresses)
// interleaved with sends that meet the faults a laptop meets: the answer lost after the store
// applied the write (a 5xx, the app's host dying), the app dying between apply and answer, a
// refusal, a 5xx before applying, a dropped connection; and syncs, restarts, waits and retries.
// After every step:
// - nothing is sent twice: no second customer e-mail, no second post, collection or meta field,
//   and the store never refuses a write because of the app's own earlier attempt;
// - nothing is lost: every write is still in the outbox or the store accepted it;
// - nothing waits silently behind a refused write: blockedBy names what it waits for.
// At the end, with the faults gone: the store holds what the user left (each post's last
// visibility), the cache lists each item once, and only refused writes (and those behind them) wait.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { StoreDatabase, storeKey, type OutboxEntry } from './db'
import { actions } from './actions'
import { retryWrite } from './outbox'
import { blockedBy, isStopped, replayOutbox } from './replayer'
import { syncResource } from './sync'
import { FakeStore } from './fake-store'
import type { CallError, StoreCall } from './store-client'
import { isWriteKind, touches } from './writes'
import { makeBlog, makeCollection, makeMetaField, makeOrder } from './test-support'
import { setUndoWindowSeconds } from './undo-window'

const { batchBlogs, createBlog, createCollection, createMetaField, reorderCollection, setMetaFieldValue, trackOrder, updateBlog, updateOrderShipping } = actions

type Fault = 'none' | 'lostAfterApply' | 'hostDied' | 'diesBetween' | 'refused' | 'failedBefore' | 'dropped'

/** The one refusal the test makes: the only reason a write may end `failed`. */
const REFUSAL: CallError = { code: 'validation_failed', message: 'Refused by the test.' }

interface Real {
  name: string
  db: StoreDatabase
  store: FakeStore
  clock: number
  /** The fault the next write request meets. */
  fault: Fault
  /** Every outbox id a user action made. */
  made: Set<number>
}

interface Model {
  posts: { key: string; title: string; visible: boolean }[]
  trackings: { orderId: number; trackno: string; sendemail: boolean }[]
  next: number
}

const ORDERS = [1, 2, 3]
const SEEDED_POSTS = [1, 2, 3]
const COLLECTION = 9
const META_FIELD = 5

/** The store's calls as the replayer makes them, with the next write meeting `real.fault`. */
function callWithFaults(real: Real): StoreCall {
  return (async (operation: Parameters<StoreCall>[0], params: Parameters<StoreCall>[1]) => {
    const fault = real.fault
    if (fault === 'none' || !isWriteKind(operation)) return real.store.call(operation, params)
    real.fault = 'none'
    switch (fault) {
      case 'refused':
        throw REFUSAL
      case 'failedBefore':
        throw { code: 'server', message: 'The store had a problem (error 500).' } satisfies CallError
      case 'dropped':
        throw { code: 'network', message: 'The store could not be reached.', uncertain: true } satisfies CallError
      case 'lostAfterApply':
        await real.store.call(operation, params)
        throw { code: 'server', message: 'The store had a problem (error 500).' } satisfies CallError
      case 'hostDied':
        await real.store.call(operation, params)
        throw { code: 'internal', message: 'Storedesk’s local host is not answering.', uncertain: true } satisfies CallError
      case 'diesBetween':
        // The app dies: nothing it would write after this reaches its database.
        await real.store.call(operation, params)
        real.db.close()
        throw new Error('the app died')
    }
  }) as StoreCall
}

/** Runs a user action, remembering the outbox entries it made. */
async function userWrites(real: Real, act: () => Promise<unknown>): Promise<void> {
  const before = new Set((await real.db.outbox.toArray()).map((e) => e.id!))
  await act()
  for (const entry of await real.db.outbox.toArray()) if (!before.has(entry.id!) && !real.made.has(entry.id!)) real.made.add(entry.id!)
}

async function reopen(real: Real): Promise<void> {
  real.db.close()
  real.db = new StoreDatabase(real.name)
  await real.db.open()
}

async function checkInvariants(real: Real): Promise<void> {
  const { db, store } = real
  const entries = await db.outbox.orderBy('id').toArray()
  // No second customer e-mail.
  const emails = store.emails.map((e) => `${e.orderId}:${e.trackno}`)
  expect(new Set(emails).size, 'a tracking number e-mailed twice').toBe(emails.length)
  // No second post, collection or meta field.
  const titles = [...store.blogs.values()].map((b) => b.title)
  expect(new Set(titles).size, 'a post created twice').toBe(titles.length)
  const collections = [...store.collections.values()].map((c) => c.title)
  expect(new Set(collections).size, 'a collection created twice').toBe(collections.length)
  const fields = [...store.metaFields.values()].map((f) => f.key)
  expect(new Set(fields).size, 'a meta field created twice').toBe(fields.length)
  // The store refuses nothing but what the test refused (never a write because of its own earlier attempt).
  for (const entry of entries.filter(isStopped)) expect(entry.lastError?.message, `${entry.label} stopped`).toBe(REFUSAL.message)
  // Nothing lost: a write that left the outbox was accepted.
  const accepted = new Set((await db.writeHistory.toArray()).filter((e) => e.event === 'accepted').map((e) => e.outboxId))
  const waiting = new Set(entries.map((e) => e.id!))
  for (const id of real.made) expect(waiting.has(id) || accepted.has(id), `write ${id} lost`).toBe(true)
  // Nothing stuck silently: a write behind a refused one is reported with it.
  const blocked = blockedBy(entries)
  entries.forEach((entry, i) => {
    const stopper = entries.slice(0, i).find((earlier) => isStopped(earlier) && touches(earlier.lanes, entry.lanes))
    if (stopper && !isStopped(entry)) expect(blocked.get(entry.id!), `${entry.label} waits silently`).toBeDefined()
  })
}

// ---------------------------------------------------------------- commands

type Command = fc.AsyncCommand<Model, Real>

class NewPost implements Command {
  constructor(readonly hidden: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    const title = `New post ${++model.next}`
    let key = ''
    await userWrites(real, async () => {
      key = await createBlog(real.db, { title, content: `<p>${title}</p>` })
      if (this.hidden) await batchBlogs(real.db, { action: 'hide', blogKeys: [key] })
    })
    model.posts.push({ key, title, visible: !this.hidden })
    await checkInvariants(real)
  }
  toString = () => `NewPost(${this.hidden ? 'hidden' : 'visible'})`
}

class SetVisibility implements Command {
  constructor(readonly post: number, readonly visible: boolean) {}
  check = (model: Readonly<Model>) => model.posts.length > this.post
  async run(model: Model, real: Real) {
    const post = model.posts[this.post]!
    await userWrites(real, () => batchBlogs(real.db, { action: this.visible ? 'show' : 'hide', blogKeys: [post.key] }))
    post.visible = this.visible
    await checkInvariants(real)
  }
  toString = () => `SetVisibility(${this.post}, ${this.visible})`
}

class EditPost implements Command {
  constructor(readonly post: number, readonly summary: string) {}
  check = (model: Readonly<Model>) => model.posts.length > this.post
  async run(model: Model, real: Real) {
    await userWrites(real, () => updateBlog(real.db, model.posts[this.post]!.key, { summary: this.summary }))
    await checkInvariants(real)
  }
  toString = () => `EditPost(${this.post}, ${this.summary})`
}

class Track implements Command {
  constructor(readonly orderId: number, readonly sendemail: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    const trackno = `TRK${++model.next}`
    // A second number for an order is a change of its tracking number, named as such.
    const order = (await real.db.orders.get(this.orderId))!
    const change = order.fulfillment_status === 'fulfilled' ? { replaces: order.trackno ?? '' } : {}
    await userWrites(real, () => trackOrder(real.db, this.orderId, { trackno, sendemail: this.sendemail }, change))
    model.trackings.push({ orderId: this.orderId, trackno, sendemail: this.sendemail })
    await checkInvariants(real)
  }
  toString = () => `Track(${this.orderId}, ${this.sendemail ? 'e-mail' : 'no e-mail'})`
}

class Ship implements Command {
  constructor(readonly orderId: number, readonly city: string) {}
  check = () => true
  async run(_model: Model, real: Real) {
    const order = (await real.db.orders.get(this.orderId))!
    await userWrites(real, () => updateOrderShipping(real.db, this.orderId, { ...order.shipping_address, city: this.city }))
    await checkInvariants(real)
  }
  toString = () => `Ship(${this.orderId}, ${this.city})`
}

class Reorder implements Command {
  constructor(readonly post: number, readonly position: number) {}
  check = () => true
  async run(_model: Model, real: Real) {
    await userWrites(real, () => reorderCollection(real.db, storeKey(COLLECTION), [storeKey(SEEDED_POSTS[this.post]!)], this.position))
    await checkInvariants(real)
  }
  toString = () => `Reorder(post ${SEEDED_POSTS[this.post]} to ${this.position})`
}

class NewCollection implements Command {
  check = () => true
  async run(model: Model, real: Real) {
    const title = `New collection ${++model.next}`
    await userWrites(real, () => createCollection(real.db, { title }, [storeKey(SEEDED_POSTS[0]!)]))
    await checkInvariants(real)
  }
  toString = () => 'NewCollection'
}

class NewMetaField implements Command {
  check = () => true
  async run(model: Model, real: Real) {
    const key = `new_field_${++model.next}`
    await userWrites(real, () => createMetaField(real.db, { namespace: 'custom', key, name: key, type: 'text', resource_type: 'order', status: 'enabled' }))
    await checkInvariants(real)
  }
  toString = () => 'NewMetaField'
}

class SetValue implements Command {
  constructor(readonly value: string) {}
  check = () => true
  async run(_model: Model, real: Real) {
    await userWrites(real, () => setMetaFieldValue(real.db, 'orders', 1, META_FIELD, this.value))
    await checkInvariants(real)
  }
  toString = () => `SetValue(${this.value})`
}

class Replay implements Command {
  constructor(readonly fault: Fault) {}
  check = () => true
  async run(_model: Model, real: Real) {
    real.fault = this.fault
    try {
      await replayOutbox(real.db, callWithFaults(real), () => real.clock)
    } catch (error) {
      // Only the app dying may end a pass; it starts again on the same database.
      expect(this.fault).toBe('diesBetween')
      expect(real.db.isOpen()).toBe(false)
      await reopen(real)
      void error
    }
    real.fault = 'none'
    await checkInvariants(real)
  }
  toString = () => `Replay(${this.fault})`
}

class Sync implements Command {
  check = () => true
  async run(_model: Model, real: Real) {
    for (const resource of ['blogs', 'collections', 'metaFields'] as const) await syncResource(real.db, real.store.call, resource)
    await checkInvariants(real)
  }
  toString = () => 'Sync'
}

class Restart implements Command {
  check = () => true
  async run(_model: Model, real: Real) {
    await reopen(real)
    await checkInvariants(real)
  }
  toString = () => 'Restart'
}

class Wait implements Command {
  check = () => true
  async run(_model: Model, real: Real) {
    real.clock += 60_000
    await checkInvariants(real)
  }
  toString = () => 'Wait'
}

/** The user acts on a refused write: sends it again. */
class RetryRefused implements Command {
  check = () => true
  async run(_model: Model, real: Real) {
    const refused = await real.db.outbox.where('state').equals('failed').first()
    if (refused) await retryWrite(real.db, refused.id!)
    await checkInvariants(real)
  }
  toString = () => 'RetryRefused'
}

const FAULTS: Fault[] = ['none', 'lostAfterApply', 'hostDied', 'diesBetween', 'refused', 'failedBefore', 'dropped']

const commands = [
  fc.boolean().map((hidden) => new NewPost(hidden)),
  fc.tuple(fc.nat(3), fc.boolean()).map(([post, visible]) => new SetVisibility(post, visible)),
  fc.tuple(fc.nat(3), fc.constantFrom('Short', 'Longer summary')).map(([post, summary]) => new EditPost(post, summary)),
  fc.tuple(fc.constantFrom(...ORDERS), fc.boolean()).map(([order, email]) => new Track(order, email)),
  fc.tuple(fc.constantFrom(...ORDERS), fc.constantFrom('Leeds', 'York')).map(([order, city]) => new Ship(order, city)),
  fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 3 })).map(([post, position]) => new Reorder(post, position)),
  fc.constant(new NewCollection()),
  fc.constant(new NewMetaField()),
  fc.constantFrom('gift wrap', 'no gift wrap').map((value) => new SetValue(value)),
  fc.constantFrom(...FAULTS).map((fault) => new Replay(fault)),
  fc.constantFrom(...FAULTS).map((fault) => new Replay(fault)),
  fc.constant(new Sync()),
  fc.constant(new Restart()),
  fc.constant(new Wait()),
  fc.constant(new RetryRefused()),
]

let runs = 0

async function setup(): Promise<{ model: Model; real: Real }> {
  const store = new FakeStore()
  const name = `outbox-property-${Date.now()}-${++runs}`
  const db = new StoreDatabase(name)
  for (const id of ORDERS) {
    const order = makeOrder(id, id)
    store.orders.set(id, structuredClone(order))
    await db.orders.put(order)
  }
  for (const id of SEEDED_POSTS) {
    const blog = makeBlog(id)
    store.blogs.set(id, structuredClone(blog))
    await db.blogs.put({ ...blog, key: storeKey(id), storeId: id, collectionKeys: [] })
  }
  const collection = makeCollection(COLLECTION, { sort_type: 'manual' })
  store.collections.set(COLLECTION, { ...collection, blogIds: [...SEEDED_POSTS] })
  await db.collections.put({ ...collection, key: storeKey(COLLECTION), storeId: COLLECTION, blogKeys: SEEDED_POSTS.map(storeKey) })
  store.metaFields.set(META_FIELD, makeMetaField(META_FIELD, { resource_type: 'order' }))
  await db.metaFieldDefinitions.put({ ...makeMetaField(META_FIELD, { resource_type: 'order' }), key: storeKey(META_FIELD), fieldKey: `field_${META_FIELD}`, storeId: META_FIELD })
  return { model: { posts: [], trackings: [], next: 0 }, real: { name, db, store, clock: 1_000_000, fault: 'none', made: new Set() } }
}

/** With the faults gone and time passing, what the user left is on the store, once. */
async function checkSettled(model: Model, real: Real): Promise<void> {
  for (let pass = 0; pass < 12; pass++) {
    real.clock += 60_000
    await replayOutbox(real.db, real.store.call, () => real.clock)
  }
  await checkInvariants(real)
  const entries = await real.db.outbox.orderBy('id').toArray()
  const blocked = blockedBy(entries)
  for (const entry of entries) expect(isStopped(entry) || blocked.has(entry.id!), `${entry.label} (${entry.state}) never went`).toBe(true)
  const rows = await real.db.blogs.toArray()
  for (const post of model.posts) {
    const row = rows.find((r) => r.key === post.key)!
    const open: OutboxEntry[] = entries.filter((e) => touches(e.lanes, [`blogs:${post.key}`, ...(row.storeId ? [`blogs:store:${row.storeId}`] : [])]))
    if (open.length > 0) continue
    const onStore = [...real.store.blogs.values()].find((b) => b.title === post.title)
    expect(onStore?.status, `${post.title} as the user left it`).toBe(post.visible ? 2 : 1)
    expect(rows.filter((r) => r.storeId === onStore!.id).map((r) => r.key), `${post.title} listed once`).toEqual([post.key])
  }
  for (const tracking of model.trackings) {
    const open = entries.some((e) => e.kind === 'orders.track' && 'body' in e.write && (e.write.body as { trackno: string }).trackno === tracking.trackno)
    if (open) continue
    const sent = real.store.emails.filter((e) => e.trackno === tracking.trackno).length
    expect(sent, `e-mails for ${tracking.trackno}`).toBe(tracking.sendemail ? 1 : 0)
  }
}

describe('the outbox and replayer, over generated sequences with faults', () => {
  it('send nothing twice, lose nothing, and leave nothing waiting silently behind a refused write', async () => {
    setUndoWindowSeconds(0)
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (sequence) => {
        const { model, real } = await setup()
        try {
          await fc.asyncModelRun(() => ({ model, real }), sequence)
          await checkSettled(model, real)
        } finally {
          real.db.close()
          await real.db.delete()
        }
      }),
      { numRuns: 40 },
    )
  }, 300_000)
})
