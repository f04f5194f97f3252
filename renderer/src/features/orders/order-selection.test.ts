import { describe, expect, it } from 'vitest'
import { makeOrders } from '@/data/order-index/order-fixtures'
import { answerOrderQuery, type OrderQuery } from '@/data/order-index/order-query'
import { ariaSort, headerSort } from './order-columns'
import {
  EMPTY_SELECTION,
  isSelected,
  resolveSelection,
  sameFilter,
  selectAllMatching,
  selectedCount,
  selectRange,
  setRows,
  toggle,
} from './order-selection'

const LIST = [50, 40, 30, 20, 10, 5]

describe('order selection', () => {
  it('a click toggles one row and makes it the anchor', () => {
    const s = toggle(EMPTY_SELECTION, 30)
    expect(isSelected(s, 30)).toBe(true)
    expect(s.anchor).toBe(30)
    expect(isSelected(toggle(s, 30), 30)).toBe(false)
  })

  it('a shift-click selects every row between the anchor and the clicked row, in either direction', () => {
    const down = selectRange(toggle(EMPTY_SELECTION, 40), LIST, 20)
    expect(resolveSelection(down, LIST, () => [])).toEqual([40, 30, 20])
    const up = selectRange(toggle(EMPTY_SELECTION, 10), LIST, 40)
    expect(resolveSelection(up, LIST, () => [])).toEqual([40, 30, 20, 10])
    // The anchor stays: a second shift-click re-spans from it.
    expect(resolveSelection(selectRange(down, LIST, 10), LIST, () => [])).toEqual([40, 30, 20, 10])
  })

  it('a shift-click on a selected row clears the range', () => {
    let s = selectRange(toggle(EMPTY_SELECTION, 50), LIST, 10)
    s = toggle(s, 30) // 30 off, anchor 30
    s = toggle(s, 30) // 30 on again, anchor 30
    s = selectRange(s, LIST, 20) // 20 is selected: the range 30..20 goes off
    expect(resolveSelection(s, LIST, () => [])).toEqual([50, 40, 10])
  })

  it('a shift-click without an anchor toggles only the clicked row', () => {
    expect(resolveSelection(selectRange(EMPTY_SELECTION, LIST, 20), LIST, () => [])).toEqual([20])
  })

  it('the header checkbox selects the rows on screen, and clears everything', () => {
    const s = setRows(toggle(EMPTY_SELECTION, 5), [50, 40, 30], true)
    expect(selectedCount(s, LIST)).toBe(4)
    expect(selectedCount(setRows(s, [50, 40, 30], false), LIST)).toBe(0)
  })

  it('select all matching holds the filter and its exceptions, not the IDs, and resolves them when asked', () => {
    const orders = makeOrders(100_000, 7)
    const query: OrderQuery = { search: '', fulfillment: 'unfulfilled', sort: '-total_sales' }
    const answer = (q: OrderQuery) => answerOrderQuery(orders, q).map((o) => o.ID)
    const ids = answer(query)
    expect(ids.length).toBeGreaterThan(10_000)

    let s = selectAllMatching(query)
    expect(s.kind === 'matching' && s.except.size).toBe(0)
    expect(selectedCount(s, ids)).toBe(ids.length)
    s = toggle(s, ids[3]!)
    s = toggle(s, ids[10]!)
    expect(isSelected(s, ids[3]!)).toBe(false)
    expect(isSelected(s, ids[4]!)).toBe(true)
    expect(selectedCount(s, ids)).toBe(ids.length - 2)

    const resolved = resolveSelection(s, ids, answer)
    expect(resolved).toHaveLength(ids.length - 2)
    expect(resolved).not.toContain(ids[3])
    expect(resolved.slice(0, 4)).toEqual([ids[0], ids[1], ids[2], ids[4]])
    // Toggled back on, an exception is selected again.
    expect(resolveSelection(toggle(s, ids[3]!), ids, answer)).toHaveLength(ids.length - 1)
  })

  it('a matching selection resolves to what the filter answers when the action runs', () => {
    const s = selectAllMatching({ search: '', sort: '-date' })
    expect(resolveSelection(s, [1, 2, 3], () => [1, 2, 3, 4])).toEqual([1, 2, 3, 4])
  })

  it('an ID selection resolves in the list order, with IDs no longer listed at the end', () => {
    const s = toggle(toggle(toggle(EMPTY_SELECTION, 5), 99), 40)
    expect(resolveSelection(s, LIST, () => [])).toEqual([40, 5, 99])
  })

  it('queries that differ only in sort pick the same orders', () => {
    expect(sameFilter({ search: 'x', sort: 'date' }, { search: 'x', sort: '-total_sales' })).toBe(true)
    expect(sameFilter({ search: 'x', sort: 'date' }, { search: 'y', sort: 'date' })).toBe(false)
  })
})

describe('sorting from the column headers', () => {
  it('a header sorts by its key, highest or newest first, and flips on a second click', () => {
    expect(headerSort('-date', 'total_sales')).toBe('-total_sales')
    expect(headerSort('-total_sales', 'total_sales')).toBe('total_sales')
    expect(headerSort('total_sales', 'total_sales')).toBe('-total_sales')
    expect(headerSort('date', 'date')).toBe('-date')
  })

  it('aria-sort names the sorted column and its direction only', () => {
    expect(ariaSort('-total_sales', 'total_sales')).toBe('descending')
    expect(ariaSort('date', 'date')).toBe('ascending')
    expect(ariaSort('date', 'total_sales')).toBe('none')
    expect(ariaSort('date', undefined)).toBeUndefined()
  })
})
