// When the demo store's generated data happens: relative to the store-local day the data was
// made for (the day the store started, or was reset), in the zone it was made in. Orders,
// checkouts and posts end at that day's first hour (DataDating.anchor), or at the start when the
// store starts inside that hour, and reach back 180 days, so a fresh demo store always has orders
// of today and yesterday and none dated after its clock. The same seed, day, zone and end give
// the same data (docs/demo-store.md, "Generated data").
import { StoreClock } from './time'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const FULL_HOUR_SECONDS = 3600

/** How far back the orders, checkouts and posts reach. */
export const DATA_SPAN_DAYS = 180

/** Saved with the data: what the generator needs to rebuild the same orders. */
export interface DatingFacts {
  /** Store-local `YYYY-MM-DD`. */
  day: string
  utcOffsetMinutes: number
  /**
   * Seconds into the day where the data ends, when a store started inside the day's first hour;
   * absent: the full hour. A time after the store's clock would be a change from the future: a
   * client that syncs by modification time would skip every real change until the clock caught up.
   */
  endSecond?: number
}

/** Data files written before the data was dated to its start day were made for this day and zone. */
export const LEGACY_DATING: DatingFacts = { day: '2026-11-01', utcOffsetMinutes: -300 }

export class DataDating {
  readonly clock: StoreClock
  /** The instant the day starts (store-local midnight). */
  readonly dayStart: Date
  /**
   * Generated data ends here, an hour into the day (or at the start, inside that hour): "today's"
   * orders fall before it, so the data holds no time later than the store's clock.
   */
  readonly anchor: Date

  constructor(readonly facts: DatingFacts) {
    this.clock = new StoreClock(facts.utcOffsetMinutes)
    this.dayStart = this.clock.startOfDay(facts.day)
    this.anchor = new Date(this.dayStart.getTime() + (facts.endSecond ?? FULL_HOUR_SECONDS) * 1000)
  }

  /**
   * `minutes` of a full first hour, as milliseconds of the part of today the data covers: a store
   * started at 00:20 fits "today's" orders, checkout and post into those 20 minutes, in the same
   * proportions.
   */
  firstHour(minutes: number): number {
    return (minutes * MINUTE * (this.anchor.getTime() - this.dayStart.getTime())) / HOUR
  }

  /** Data made for the store-local day of `now`, in the zone of `clock`, ending no later than `now`. */
  static forStart(now: Date, clock: StoreClock): DataDating {
    const day = clock.day(now)
    const endSecond = Math.floor((now.getTime() - clock.startOfDay(day).getTime()) / 1000)
    const facts: DatingFacts = { day, utcOffsetMinutes: clock.utcOffsetMinutes }
    return new DataDating(endSecond < FULL_HOUR_SECONDS ? { ...facts, endSecond } : facts)
  }
}
