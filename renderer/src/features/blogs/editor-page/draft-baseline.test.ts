import { describe, expect, it } from 'vitest'
import { emptyDraft, type DraftFields } from '../blog-draft'
import { draftBaseline } from './draft-baseline'

const stored = (): DraftFields => ({ ...emptyDraft(), title: 'Picnic without plastic', content: '<p>Bring a tin.</p>', collectionKeys: ['c1'] })

describe('draft baseline', () => {
  it('says a post just opened is unchanged', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    expect(baseline.changed(stored())).toBe(false)
  })

  it('says an edit is a change, and the edit typed back is none', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    const edited = { ...stored(), title: 'Picnic without plastic!' }
    expect(baseline.changed(edited)).toBe(true)
    expect(baseline.changed({ ...edited, title: 'Picnic without plastic' })).toBe(false)
  })

  it('counts a collection added and removed again as no change', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    expect(baseline.changed({ ...stored(), collectionKeys: ['c1', 'c2'] })).toBe(true)
    expect(baseline.changed({ ...stored(), collectionKeys: ['c1'] })).toBe(false)
  })

  it('measures from the published version once the writer publishes', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    const published = { ...stored(), summary: 'What to pack.' }
    baseline.startFrom(published)
    expect(baseline.changed(published)).toBe(false)
    expect(baseline.changed(stored())).toBe(true)
  })

  it('writes no draft for a post opened and left alone', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    expect(baseline.toSave(stored(), '2026-11-01 10:00:00', false)).toBeNull()
  })

  it('writes an edit once, then nothing until the next edit', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    const edited = { ...stored(), author: 'Ada' }
    const save = baseline.toSave(edited, '2026-11-01 10:00:00', false)
    expect(save).not.toBeNull()
    save!.written()
    expect(baseline.toSave(edited, '2026-11-01 10:00:00', true)).toBeNull()
    expect(baseline.toSave({ ...edited, author: 'Ada L.' }, '2026-11-01 10:00:00', true)).not.toBeNull()
  })

  it('writes the edit undone when a draft is on the device, so the device forgets the edit', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    baseline.toSave({ ...stored(), author: 'Ada' }, null, false)!.written()
    expect(baseline.toSave(stored(), null, true)).not.toBeNull()
  })

  it('writes the same fields again when the base they stand on changed', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    const edited = { ...stored(), author: 'Ada' }
    baseline.toSave(edited, '2026-11-01 10:00:00', false)!.written()
    expect(baseline.toSave(edited, '2026-11-02 09:00:00', true)).not.toBeNull()
  })

  it('writes again after the draft was deleted', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    const edited = { ...stored(), author: 'Ada' }
    baseline.toSave(edited, null, false)!.written()
    baseline.forgetSaved()
    expect(baseline.toSave(edited, null, true)).not.toBeNull()
  })

  it('keeps a timed revision only of a change not kept yet', () => {
    const baseline = draftBaseline()
    baseline.startFrom(stored())
    baseline.keptAsRevision(stored())
    expect(baseline.worthRevision(stored())).toBe(false)
    const edited = { ...stored(), content: '<p>Bring a tin and a cloth.</p>' }
    expect(baseline.worthRevision(edited)).toBe(true)
    baseline.keptAsRevision(edited)
    expect(baseline.worthRevision(edited)).toBe(false)
    expect(baseline.worthRevision(stored())).toBe(false)
  })
})
