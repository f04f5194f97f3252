import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_DASHBOARD_RANGE, loadDashboardRange, rangeDays, rangeFromPicked, saveDashboardRange } from './dashboard-range'

/** 03:00 UTC on Nov 22: still Nov 21 for a store at UTC−05:00. */
const AT = Date.UTC(2026, 10, 22, 3, 0, 0)

beforeEach(() => localStorage.clear())

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
    expect(loadDashboardRange('a')).toEqual(DEFAULT_DASHBOARD_RANGE)
    saveDashboardRange('a', { preset: 'This month' })
    saveDashboardRange('b', { from: '2026-01-01', to: '2026-01-31' })
    expect(loadDashboardRange('a')).toEqual({ preset: 'This month' })
    expect(loadDashboardRange('b')).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    for (const bad of ['{', '{"preset":"Forever"}', '{"from":"2026-02-30","to":"2026-03-01"}', '{"from":"2026-03-02","to":"2026-03-01"}', '[]']) {
      localStorage.setItem('storedesk.setting.dashboardRange.c', bad)
      expect(loadDashboardRange('c')).toEqual(DEFAULT_DASHBOARD_RANGE)
    }
  })

  it('kept before the settings module, is read once from where it was', () => {
    localStorage.setItem('storedesk.dashboardRange.a', JSON.stringify({ from: '2026-01-01', to: '2026-01-31' }))
    expect(loadDashboardRange('a')).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    expect(localStorage.getItem('storedesk.dashboardRange.a')).toBeNull()
  })
})
