// The store's details for printouts, a store setting on this device (session/settings.ts, checked
// with zod when read back): the name printed on slips and pick lists, a return address, and a logo
// (an image file the user chose, kept as a data URL, never fetched from anywhere). Unset, the
// name is the connection's name, never a host and port (a demo store connected by its address
// is named "127.0.0.1:43047": that is not a name a customer knows). And the printouts' own
// language: a German desk may print English slips for an English-speaking market; empty, the
// printouts speak the app's language.
import { z } from 'zod'
import type { ConnectionSummary } from '@common/ipc-contract'
import { APP_LOCALES, t, uiLocale, type Message, type UiLocale } from '@/session/i18n'
import { readSetting, storeSetting, writeSetting } from '@/session/settings'

/** The largest logo kept: a printout's logo, not a photo (localStorage holds a few MB in all). */
export const LOGO_MAX_BYTES = 256 * 1024
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const

const LogoDataUrl = z.string().regex(/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/)

export const PrintoutDetails = z.object({
  displayName: z.string().max(120).default(''),
  returnAddress: z.string().max(500).default(''),
  logo: z.object({ name: z.string().max(255), dataUrl: LogoDataUrl }).nullable().default(null),
  /** The printouts' language; '' follows the app's. */
  language: z.enum(['', ...APP_LOCALES]).catch('').default(''),
})
export type PrintoutDetails = z.infer<typeof PrintoutDetails>

const PRINTOUT_DETAILS = storeSetting('printoutDetails', PrintoutDetails, () => PrintoutDetails.parse({}), (id) => [{ key: `storedesk.printoutDetails.${id}` }])

export function loadPrintoutDetails(connectionId: string): PrintoutDetails {
  return readSetting(PRINTOUT_DETAILS, connectionId)
}

export function savePrintoutDetails(connectionId: string, details: PrintoutDetails): void {
  writeSetting(PRINTOUT_DETAILS, details, connectionId)
}

/** A label that is an address rather than a name: an IP, or a host with a port. */
const ADDRESS_LIKE = /^(\[[0-9a-f:]+\]|\d{1,3}(\.\d{1,3}){3}|[a-z0-9.-]+:\d+)$|^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/i

/** The name a printout shows when none is set: the connection's name, never a host and port. */
export function defaultDisplayName(connection: Pick<ConnectionSummary, 'label' | 'isDemo'> | null): string {
  if (!connection) return ''
  const label = connection.label.trim()
  if (label && !ADDRESS_LIKE.test(label)) return label
  return connection.isDemo ? t('stores.demoName') : ''
}

/** The name printed: the one set in Settings, else the default. */
export function printedName(details: PrintoutDetails, connection: Pick<ConnectionSummary, 'label' | 'isDemo'> | null): string {
  return details.displayName.trim() || defaultDisplayName(connection)
}

/** Why an image file cannot be the logo, or null when it can. */
export function logoProblem(file: { type: string; size: number }): Message | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return { key: 'printout.logoType' }
  if (file.size > LOGO_MAX_BYTES) return { key: 'printout.logoSize', params: { kb: LOGO_MAX_BYTES / 1024 } }
  return null
}

/** The language a store's printouts speak: their own setting, else the app's. */
export function printLocale(details: PrintoutDetails): UiLocale {
  return details.language || uiLocale()
}
