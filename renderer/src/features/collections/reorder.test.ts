// The reorder arithmetic against the store's documented sort_blogs_manual semantics
// (docs/demo-store.md), with expectations written out by hand, and the keyboard state machine.
import { describe, expect, it } from 'vitest'
import { applyManualSort, blockPosition, moveFromDrop } from './reorder'
import { say } from '@/session/i18n'
import { IDLE, previewOrder, reorderStep, type ReorderState } from './keyboard-reorder'

const list = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']

describe('applyManualSort (the store semantics of sort_blogs_manual)', () => {
  it('puts a single post at the 1-based end position', () => {
    expect(applyManualSort(list, ['e'], 2)).toEqual(['a', 'e', 'b', 'c', 'd', 'f', 'g', 'h'])
    expect(applyManualSort(list, ['a'], 8)).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h', 'a'])
  })

  it('keeps several moved posts together in the order they were sent', () => {
    expect(applyManualSort(list, ['g', 'b'], 1)).toEqual(['g', 'b', 'a', 'c', 'd', 'e', 'f', 'h'])
  })

  it('clamps so the moved block at most ends the list', () => {
    expect(applyManualSort(list, ['a', 'b'], 8)).toEqual(['c', 'd', 'e', 'f', 'g', 'h', 'a', 'b'])
  })
})

describe('moveFromDrop', () => {
  it('sends the dragged post and the position it was dropped at', () => {
    const after = ['a', 'b', 'f', 'c', 'd', 'e', 'g', 'h']
    const move = moveFromDrop(list, after, 'f', [])
    expect(move).toEqual({ moved: ['f'], endPosition: 3 })
    expect(applyManualSort(list, move!.moved, move!.endPosition)).toEqual(after)
  })

  it('moves the whole checked selection when a checked post is dragged', () => {
    // c and f are checked; f is dragged to the top.
    const after = ['f', 'a', 'b', 'c', 'd', 'e', 'g', 'h']
    const move = moveFromDrop(list, after, 'f', ['f', 'c'])
    expect(move).toEqual({ moved: ['c', 'f'], endPosition: 1 })
    expect(applyManualSort(list, move!.moved, move!.endPosition)).toEqual(['c', 'f', 'a', 'b', 'd', 'e', 'g', 'h'])
  })

  it('moves only the dragged post when it is not checked', () => {
    const after = ['a', 'b', 'c', 'd', 'e', 'f', 'h', 'g']
    expect(moveFromDrop(list, after, 'h', ['a', 'b'])).toEqual({ moved: ['h'], endPosition: 7 })
  })

  it('sends nothing when the drop leaves the order as it was', () => {
    expect(moveFromDrop(list, list, 'c', [])).toBeNull()
  })
})

describe('keyboard reorder', () => {
  const titleOf = (k: string) => `Post ${k.toUpperCase()}`
  /** One key press, its announcement in the words a screen reader reads (English). */
  function press(state: ReorderState<string>, key: Parameters<typeof reorderStep>[1], focused = 'c', selected: string[] = []) {
    const step = reorderStep(state, key, { order: list, focused, selected, titleOf })
    return { ...step, announcement: step.announcement && say(step.announcement) }
  }

  it('lifts, moves with the arrows, drops and announces each step', () => {
    const lifted = press(IDLE, ' ')
    expect(lifted.announcement).toMatch(/^Lifted “Post C”, position 3 of 8/)
    const up = press(lifted.state, 'ArrowUp')
    expect(up.announcement).toBe('Moved to position 2 of 8')
    expect(previewOrder(list, up.state)).toEqual(['a', 'c', 'b', 'd', 'e', 'f', 'g', 'h'])
    const dropped = press(up.state, 'Enter')
    expect(dropped.announcement).toBe('Dropped “Post C” at position 2 of 8')
    expect(dropped.move).toEqual({ moved: ['c'], endPosition: 2 })
    expect(dropped.state).toEqual(IDLE)
  })

  it('puts the post back on Escape and sends nothing', () => {
    let state = press(IDLE, 'Enter').state
    state = press(state, 'ArrowDown').state
    state = press(state, 'ArrowDown').state
    const cancelled = press(state, 'Escape')
    expect(cancelled.announcement).toBe('Cancelled, back at position 3 of 8')
    expect(cancelled.move).toBeUndefined()
    expect(previewOrder(list, cancelled.state)).toEqual(list)
  })

  it('stops at the ends and says so', () => {
    let state = press(IDLE, ' ', 'a').state
    expect(press(state, 'ArrowUp', 'a').announcement).toBe('Already at the top')
    state = press(state, 'End', 'a').state
    expect(state).toMatchObject({ position: 8 })
    expect(press(state, 'ArrowDown', 'a').announcement).toBe('Already at the bottom')
  })

  it('lifts every checked post when the focused one is checked, and moves them as one block', () => {
    const lifted = press(IDLE, ' ', 'e', ['b', 'e'])
    expect(lifted.announcement).toMatch(/^Lifted 2 posts, position 2 of 8/)
    const home = press(lifted.state, 'Home', 'e', ['b', 'e'])
    const dropped = press(home.state, ' ', 'e', ['b', 'e'])
    expect(dropped.move).toEqual({ moved: ['b', 'e'], endPosition: 1 })
    expect(applyManualSort(list, dropped.move!.moved, dropped.move!.endPosition)).toEqual(['b', 'e', 'a', 'c', 'd', 'f', 'g', 'h'])
  })

  it('limits a block of 3 to position 6 of 8', () => {
    const state = press(IDLE, ' ', 'a', ['a', 'b', 'c']).state
    expect(press(state, 'End', 'a', ['a', 'b', 'c']).state).toMatchObject({ position: 6 })
  })

  it('drops without a write when the order did not change', () => {
    const lifted = press(IDLE, ' ')
    const dropped = press(lifted.state, ' ')
    expect(dropped.move).toBeUndefined()
    expect(dropped.announcement).toMatch(/order unchanged/)
  })

  it('ignores arrows while nothing is lifted', () => {
    expect(press(IDLE, 'ArrowDown')).toEqual({ state: IDLE, announcement: null })
  })

  it('counts the position of a scattered block among the posts that stay', () => {
    expect(blockPosition(list, ['c', 'g'])).toBe(3)
  })
})
