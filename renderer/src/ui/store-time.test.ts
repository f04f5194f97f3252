// The rule "a store time is read and picked in the store's zone", by example and as properties
// over any offset a real zone has and any instant: the store's now, today and date presets are
// its own whatever this computer's zone, and a store stamp survives the trip to an instant and back.
import { afterEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { format } from 'date-fns'
import {
  DATE_PRESETS, datePresetRange, formatMoney, gmtToStoreStamp, setStoreUtcOffset, storeDayAt, storeNow,
  storeStampAt, storeToday, storeUtcOffset, wallClock, zonesDiffer, computerUtcOffset,
} from './store-time'

const DAY = 86_400_000

/** The active store's time now as the store takes it (what a write stamps with). */
const storeNowStamp = (at: number): string => storeStampAt(at, storeUtcOffset(at))

/** The instant a store-local timestamp names, or null: the inverse the round trip below checks storeStampAt against. */
function instantOfStoreStamp(value: string | null | undefined, offset: number): number | null {
  const d = wallClock(value)
  return d ? d.getTime() - offset * 60_000 : null
}
/** Every offset a real zone uses: quarter hours from UTC−12:00 to UTC+14:00. */
const offsets = fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 15)
const instants = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) })

/** The model: the store's wall clock is UTC moved by its offset. */
const modelStamp = (at: number, offset: number) => new Date(Math.floor(at / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19).replace('T', ' ')

afterEach(() => setStoreUtcOffset(null))

describe('store times, by example', () => {
  const at = Date.UTC(2026, 10, 22, 3, 4, 5)

  it("give the store's now and today, not this computer's", () => {
    expect(storeStampAt(at, -300)).toBe('2026-11-21 22:04:05')
    expect(storeDayAt(at, -300)).toBe('2026-11-21')
    expect(storeStampAt(at, 330)).toBe('2026-11-22 08:34:05')
    setStoreUtcOffset(-300)
    expect(storeNowStamp(at)).toBe('2026-11-21 22:04:05')
    expect(storeToday(at)).toBe('2026-11-21')
    expect(format(storeNow(at), 'HH:mm')).toBe('22:04')
  })

  it("stand in with this computer's offset until the store has told its own, and say when the two differ", () => {
    expect(storeUtcOffset(at)).toBe(computerUtcOffset(at))
    expect(zonesDiffer(at)).toBe(false)
    setStoreUtcOffset(computerUtcOffset(at) + 300)
    expect(zonesDiffer(at)).toBe(true)
    setStoreUtcOffset(computerUtcOffset(at))
    expect(zonesDiffer(at)).toBe(false)
  })

  it('offer Today, Yesterday, Last 7 days, Last 30 days and This month on the store’s calendar', () => {
    // 03:04 UTC on Nov 1 is still Oct 31 for a store at UTC−05:00.
    const firstOfMonth = Date.UTC(2026, 10, 1, 3, 4, 5)
    expect(DATE_PRESETS.map((p) => [p, datePresetRange(p, firstOfMonth, -300)])).toEqual([
      ['Today', ['2026-10-31', '2026-10-31']],
      ['Yesterday', ['2026-10-30', '2026-10-30']],
      ['Last 7 days', ['2026-10-25', '2026-10-31']],
      ['Last 30 days', ['2026-10-02', '2026-10-31']],
      ['This month', ['2026-10-01', '2026-10-31']],
    ])
    expect(datePresetRange('This month', firstOfMonth, 60)).toEqual(['2026-11-01', '2026-11-01'])
  })

  it('move GMT onto the store’s clock, and read the zero date as not set', () => {
    expect(gmtToStoreStamp('2026-03-01 03:00:00', -300)).toBe('2026-02-28 22:00:00')
    expect(gmtToStoreStamp('0000-00-00 00:00:00', -300)).toBeNull()
    expect(wallClock('2026-02-31 10:00:00')).toBeNull()
    expect(wallClock('2026-03-01 24:00:00')).toBeNull()
    expect(instantOfStoreStamp('2026-03-01 00:00:00', 60)).toBe(Date.UTC(2026, 1, 28, 23))
  })

  it('keep a wall clock this computer’s zone would skip (a daylight-saving night) as written', () => {
    expect(format(wallClock('2026-03-08 02:30:00')!, 'yyyy-MM-dd HH:mm')).toBe('2026-03-08 02:30')
    expect(format(wallClock('2026-03-29 02:30:00')!, 'yyyy-MM-dd HH:mm')).toBe('2026-03-29 02:30')
  })

  it('formats money in the order currency', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50')
    expect(formatMoney('12', 'EUR')).toBe('€12.00')
    expect(formatMoney(3, 'not-a-code')).toBe('3.00 not-a-code')
  })
})

describe('a store time is read and picked in the store’s zone (properties)', () => {
  it('now and today are the store’s wall clock, for any offset and instant', () => {
    fc.assert(
      fc.property(offsets, instants, (offset, at) => {
        setStoreUtcOffset(offset)
        expect(storeNowStamp(at)).toBe(modelStamp(at, offset))
        expect(storeToday(at)).toBe(modelStamp(at, offset).slice(0, 10))
        expect(format(storeNow(at), 'yyyy-MM-dd HH:mm:ss')).toBe(modelStamp(at, offset))
      }),
    )
  })

  it('a store stamp goes to its instant and back unchanged, and so does a GMT stamp', () => {
    fc.assert(
      fc.property(offsets, instants, (offset, at) => {
        const stamp = storeStampAt(at, offset)
        expect(instantOfStoreStamp(stamp, offset)).toBe(Math.floor(at / 1000) * 1000)
        expect(storeStampAt(instantOfStoreStamp(stamp, offset)!, offset)).toBe(stamp)
        expect(gmtToStoreStamp(modelStamp(at, 0), offset)).toBe(stamp)
        expect(format(wallClock(stamp)!, 'yyyy-MM-dd HH:mm:ss')).toBe(stamp)
      }),
    )
  })

  it('every preset ends no later than the store’s today and holds the days it names', () => {
    fc.assert(
      fc.property(offsets, instants, fc.constantFrom(...DATE_PRESETS), (offset, at, preset) => {
        const today = storeDayAt(at, offset)
        const [from, to] = datePresetRange(preset, at, offset)
        const days = (Date.parse(to) - Date.parse(from)) / DAY + 1
        expect(from <= to).toBe(true)
        if (preset === 'Yesterday') expect(to).toBe(storeDayAt(at - DAY, offset))
        else expect(to).toBe(today)
        const expected: Record<string, number> = { Today: 1, Yesterday: 1, 'Last 7 days': 7, 'Last 30 days': 30 }
        if (preset === 'This month') {
          expect(from).toBe(`${today.slice(0, 8)}01`)
          expect(days).toBe(Number(today.slice(8)))
        } else expect(days).toBe(expected[preset])
      }),
    )
  })
})
