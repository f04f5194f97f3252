// Scanner mode's settings (a store setting, session/settings.ts) and its log of item-check
// overrides, a local record kept per store in localStorage beside them (the cache database is
// for store data). Both are checked with zod when read back: a tampered or outdated entry falls
// back to the defaults instead of reaching the rules.
import { z } from 'zod'
import type { MaybeRefOrGetter } from 'vue'
import { storeSetting, useStoreSetting } from '@/session/settings'
import { ALLOWABLE_PAYMENT_STATES } from './scanner-queue'

export const ScannerSettings = z.object({
  /** Payment states shipped besides `paid` (unpaid never). */
  allowedPayments: z.array(z.enum(ALLOWABLE_PAYMENT_STATES)).default([]),
  /** Scan each item's SKU before tracking can be entered. */
  itemCheck: z.boolean().default(true),
  /** The store e-mails the customer the tracking number. */
  emailCustomer: z.boolean().default(true),
  sound: z.boolean().default(true),
})
export type ScannerSettings = z.infer<typeof ScannerSettings>

export const SCANNER_SETTINGS = storeSetting('scanner', ScannerSettings, () => ScannerSettings.parse({}), (connectionId) => [{ key: `storedesk.scannerSettings.${connectionId}` }])

/** This store's scanner settings: changing one keeps it. */
export function useScannerSettings(connectionId: MaybeRefOrGetter<string | null>) {
  return useStoreSetting(SCANNER_SETTINGS, connectionId)
}

const overridesKey = (connectionId: string) => `storedesk.scannerOverrides.${connectionId}`

/** One "Ship without checking items": when, and which order. */
export const OverrideEntry = z.object({ at: z.string(), orderId: z.number(), number: z.string() })
export type OverrideEntry = z.infer<typeof OverrideEntry>

/** The log keeps the most recent entries only: it is a local record, not an archive. */
export const OVERRIDE_LOG_LIMIT = 1000

export function loadOverrideLog(connectionId: string, storage: Storage = localStorage): OverrideEntry[] {
  try {
    const parsed = z.array(OverrideEntry).safeParse(JSON.parse(storage.getItem(overridesKey(connectionId)) ?? '[]'))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

export function appendOverride(connectionId: string, entry: OverrideEntry, storage: Storage = localStorage): void {
  const log = [...loadOverrideLog(connectionId, storage), entry].slice(-OVERRIDE_LOG_LIMIT)
  storage.setItem(overridesKey(connectionId), JSON.stringify(log))
}
