// When the demo store's generated data happens: relative to the store-local day the data was
// made for (the day the store started, or was reset), in the zone it was made in. Orders,
// checkouts and posts end at that day's first hour (DataDating.anchor) and reach back 180 days,
// so a fresh demo store always has orders of today and yesterday. The same seed, day and zone
// give the same data (docs/demo-store.md, "Generated data").
import { StoreClock } from './time'

const HOUR = 3_600_000

/** How far back the orders, checkouts and posts reach. */
export const DATA_SPAN_DAYS = 180

/** Saved with the data: what the generator needs to rebuild the same orders. */
export interface DatingFacts {
  /** Store-local `YYYY-MM-DD`. */
  day: string
  utcOffsetMinutes: number
}

/** Data files written before the data was dated to its start day were made for this day and zone. */
export const LEGACY_DATING: DatingFacts = { day: '2026-11-01', utcOffsetMinutes: -300 }

export class DataDating {
  readonly clock: StoreClock
  /** The instant the day starts (store-local midnight). */
  readonly dayStart: Date
  /**
   * Generated data ends here, an hour into the day: "today's" orders fall before it, so the
   * data holds no time later than the store's clock, unless it starts in that first hour.
   */
  readonly anchor: Date

  constructor(readonly facts: DatingFacts) {
    this.clock = new StoreClock(facts.utcOffsetMinutes)
    this.dayStart = this.clock.startOfDay(facts.day)
    this.anchor = new Date(this.dayStart.getTime() + HOUR)
  }

  /** Data made for the store-local day of `now`, in the zone of `clock`. */
  static forStart(now: Date, clock: StoreClock): DataDating {
    return new DataDating({ day: clock.day(now), utcOffsetMinutes: clock.utcOffsetMinutes })
  }
}
