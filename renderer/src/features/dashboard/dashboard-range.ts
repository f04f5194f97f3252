// The dashboard's range of store days, chosen with the app's date range picker and kept per
// store on this computer (a store setting, session/settings.ts: a display preference). A range picked with a shortcut is kept as that shortcut, so "Last 30 days" still means
// the last 30 days tomorrow; any other range is kept as its two days. Read back through zod:
// anything else stored there gives the default, Last 30 days.
import { z } from 'zod'
import { isCalendarDate } from '@common/store-api/date-formats'
import { DATE_PRESETS, datePresetRange, type DatePreset } from '@/ui/store-time'
import { readSetting, storeSetting, writeSetting } from '@/session/settings'

export type DashboardRange = { preset: DatePreset } | { from: string; to: string }

export const DEFAULT_DASHBOARD_RANGE: DashboardRange = { preset: 'Last 30 days' }

const Day = z.string().refine(isCalendarDate)
const StoredRange = z.union([
  z.object({ preset: z.enum(DATE_PRESETS) }).strict(),
  z.object({ from: Day, to: Day }).strict().refine((r) => r.from <= r.to),
])

const DASHBOARD_RANGE = storeSetting<DashboardRange>('dashboardRange', StoredRange, () => DEFAULT_DASHBOARD_RANGE, (id) => [{ key: `storedesk.dashboardRange.${id}` }])

export function loadDashboardRange(connectionId: string): DashboardRange {
  return readSetting(DASHBOARD_RANGE, connectionId)
}

export function saveDashboardRange(connectionId: string, range: DashboardRange): void {
  writeSetting(DASHBOARD_RANGE, range, connectionId)
}

/** The range's days at an instant, in the store's zone (`offset` minutes from UTC). */
export function rangeDays(range: DashboardRange, at: number, offset: number): { from: string; to: string } {
  if ('preset' in range) {
    const [from, to] = datePresetRange(range.preset, at, offset)
    return { from, to }
  }
  return range
}

/** What a picked pair of days is kept as: the shortcut that gives those days now, else the days. */
export function rangeFromPicked(from: string, to: string, at: number, offset: number): DashboardRange {
  const preset = DATE_PRESETS.find((p) => {
    const [pFrom, pTo] = datePresetRange(p, at, offset)
    return pFrom === from && pTo === to
  })
  return preset ? { preset } : { from, to }
}
