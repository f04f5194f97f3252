// The country codes a shipping address may hold, one list for the app and the demo store:
// ISO 3166-1 alpha-2 from country-region-data, which also holds each country's subdivisions.
// It lists every code (and Kosovo's XK, which stores use) except Svalbard and Jan Mayen, which
// has no subdivisions of its own. Names are the platform's (Intl.DisplayNames), not a package's.
import { allCountries } from 'country-region-data'

export const COUNTRY_CODES: ReadonlySet<string> = new Set([...allCountries.map(([, code]) => code), 'SJ'])

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code)
}
