import { describe, expect, it } from 'vitest'
import { DEFAULT_DASHBOARD_RANGE, loadDashboardRange, rangeDays, rangeFromPicked, saveDashboardRange } from './dashboard-range'

/** 03:00 UTC on Nov 22: still Nov 21 for a store at UTC−05:00. */
const AT = Date.UTC(2026, 10, 22, 3, 0, 0)

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() { return items.size },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

describe("the dashboard's range", () => {
  it('is kept as a shortcut when a shortcut was picked, so it moves with the store’s calendar', () => {
    const picked = rangeFromPicked('2026-10-23', '2026-11-21', AT, -300)
    expect(picked).toEqual({ preset: 'Last 30 days' })
    expect(rangeDays(picked, AT + 86_400_000, -300)).toEqual({ from: '2026-10-24', to: '2026-11-22' })
    expect(rangeFromPicked('2026-11-21', '2026-11-21', AT, -300)).toEqual({ preset: 'Today' })
    expect(rangeFromPicked('2026-11-22', '2026-11-22', AT, 60)).toEqual({ preset: 'Today' })
  })

  it('is kept as its days otherwise', () => {
    expect(rangeFromPicked('2026-09-01', '2026-09-30', AT, -300)).toEqual({ from: '2026-09-01', to: '2026-09-30' })
    expect(rangeDays({ from: '2026-09-01', to: '2026-09-30' }, AT, -300)).toEqual({ from: '2026-09-01', to: '2026-09-30' })
  })

  it('is kept per store, and anything else stored there reads as Last 30 days', () => {
    const storage = memoryStorage()
    expect(loadDashboardRange('a', storage)).toEqual(DEFAULT_DASHBOARD_RANGE)
    saveDashboardRange('a', { preset: 'This month' }, storage)
    saveDashboardRange('b', { from: '2026-01-01', to: '2026-01-31' }, storage)
    expect(loadDashboardRange('a', storage)).toEqual({ preset: 'This month' })
    expect(loadDashboardRange('b', storage)).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    for (const bad of ['{', '{"preset":"Forever"}', '{"from":"2026-02-30","to":"2026-03-01"}', '{"from":"2026-03-02","to":"2026-03-01"}', '[]']) {
      storage.setItem('storedesk.dashboardRange.c', bad)
      expect(loadDashboardRange('c', storage)).toEqual(DEFAULT_DASHBOARD_RANGE)
    }
  })
})
