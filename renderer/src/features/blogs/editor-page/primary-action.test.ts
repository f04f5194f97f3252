import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { primaryAction, type ActionFacts } from './primary-action'

const NOW = new Date(2026, 10, 25, 12, 0)
const facts = (over: Partial<ActionFacts>): ActionFacts => ({ status: 2, visible_at: null, live: false, onStore: false, changed: true, ...over })

describe('primaryAction', () => {
  it('says what pressing it does', () => {
    expect(primaryAction(facts({}), NOW).label).toBe('Publish')
    expect(primaryAction(facts({ visible_at: '2027-01-15 09:30:00' }), NOW).label).toBe('Schedule for Jan 15, 2027, 9:30 AM')
    expect(primaryAction(facts({ visible_at: '2026-10-01 09:30:00' }), NOW).label).toBe('Publish')
    expect(primaryAction(facts({ status: 1 }), NOW).label).toBe('Save as hidden')
    expect(primaryAction(facts({ live: true, onStore: true }), NOW).label).toBe('Publish changes')
    expect(primaryAction(facts({ onStore: true, status: 2 }), NOW).label).toBe('Publish')
  })

  it('is off for a post the store already has as it is, and says why', () => {
    expect(primaryAction(facts({ live: true, onStore: true, changed: false }), NOW).disabledReason).toBe('Nothing has changed since the store’s copy.')
    expect(primaryAction(facts({ changed: false }), NOW).disabledReason).toBeUndefined()
  })

  it('never says "Publish changes" for a post readers cannot see yet, and is off only when nothing would change', () => {
    const anyFacts = fc.record({
      status: fc.constantFrom(1, 2),
      visible_at: fc.option(fc.constantFrom('2026-10-01 09:30:00', '2027-01-15 09:30:00'), { nil: null }),
      live: fc.boolean(),
      onStore: fc.boolean(),
      changed: fc.boolean(),
    })
    fc.assert(fc.property(anyFacts, (given) => {
      const action = primaryAction(given, NOW)
      if (action.label === 'Publish changes') expect(given.live && given.status === 2).toBe(true)
      expect(action.disabledReason !== undefined).toBe(given.onStore && !given.changed)
    }))
  })
})
