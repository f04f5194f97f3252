// A post's one state while its writes wait: checking whether the store received one (its answer
// was lost), or waiting behind a write the store refused, its own or another row's.
import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '@/data'
import { publishStateOf } from './publish-state'

const entry = (id: number, lanes: string[], over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id, kind: 'blogs.batch', write: { kind: 'blogs.batch', blogKeys: [], action: 'hide' }, lanes, state: 'queued', attempts: 0, nextAttemptAt: 0, createdAt: 0, label: `change ${id}`, ...over,
})
const post = { key: 'local:p', storeId: null }
const refused = { code: 'conflict', message: 'taken', fields: { seo_slug: ['is already taken'] } }

describe('a post whose writes wait', () => {
  it('is being checked on the store while a write of it is unconfirmed', () => {
    const state = publishStateOf(post, [entry(1, ['blogs:local:p'], { state: 'unconfirmed', attempts: 1 }), entry(2, ['blogs:local:p'])], false, true)
    expect(state).toMatchObject({ kind: 'unconfirmed', label: 'Checking whether the store received it' })
  })

  it('says how many of its changes its own refused write holds back', () => {
    const outbox = [entry(2, ['blogs:local:p']), entry(1, ['blogs:local:p'], { kind: 'blogs.create', state: 'failed', lastError: refused }), entry(3, ['blogs:local:p'])]
    expect(publishStateOf(post, outbox, false, true).label).toBe('Failed: Slug: is already taken (2 later changes wait for it)')
  })

  it('names another row’s refused write it waits for, through the lanes in between', () => {
    const outbox = [
      entry(1, ['collections:local:c'], { kind: 'collections.create', label: 'New collection “Travel”', state: 'failed', lastError: refused }),
      entry(2, ['collections:local:c', 'blogs:store:4']),
      entry(3, ['blogs:local:p', 'blogs:store:4']),
    ]
    const state = publishStateOf(post, outbox, false, true)
    expect(state).toMatchObject({ kind: 'blocked', label: 'Waiting for new collection “Travel”, which the store refused', waitingFor: { id: 1 } })
  })
})
