import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { fitColumns, gridTemplate, OPTIONAL_COLUMNS, ORDER_COLUMNS, rowWidth, type OrderColumnId } from './order-columns'

const ALL = new Set(OPTIONAL_COLUMNS.map((c) => c.id))
const ids = (columns: readonly { id: string }[]) => columns.map((c) => c.id)

describe('the order list’s columns', () => {
  it('all show where there is room, and the least needed go first where there is not', () => {
    expect(ids(fitColumns(ALL, 2000).shown)).toEqual(ids(ORDER_COLUMNS))
    const narrow = fitColumns(ALL, rowWidth(ORDER_COLUMNS) - 1)
    expect(ids(narrow.hidden)).toEqual(['channel'])
    expect(ids(fitColumns(ALL, 600).hidden)).toEqual(['channel', 'items', 'date', 'total', 'tags'])
    expect(gridTemplate(fitColumns(ALL, 2000).shown)).toBe('24px 80px 124px minmax(150px, 260px) minmax(100px, 180px) 240px 100px 72px 140px')
  })

  it('never sideways: whatever is chosen and however wide, the shown columns fit whenever the ones that stay do (property)', () => {
    fc.assert(
      fc.property(fc.subarray(OPTIONAL_COLUMNS.map((c) => c.id)), fc.integer({ min: 300, max: 4000 }), (chosen: OrderColumnId[], width) => {
        const { shown, hidden } = fitColumns(new Set(chosen), width)
        for (const always of ['number', 'customer', 'status']) expect(ids(shown)).toContain(always)
        for (const column of shown) if (column.priority !== undefined) expect(chosen).toContain(column.id)
        if (rowWidth(ORDER_COLUMNS.filter((c) => c.priority === undefined)) <= width) expect(rowWidth(shown)).toBeLessThanOrEqual(width)
        // A column hidden for room is never more needed than one still shown.
        for (const gone of hidden) for (const kept of shown) if (kept.priority !== undefined) expect(gone.priority!).toBeLessThan(kept.priority)
      }),
    )
  })
})
