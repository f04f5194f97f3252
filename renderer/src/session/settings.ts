// Storedesk's preferences, one way for all of them: a setting is declared once (its name,
// whether it belongs to this computer or to one store on it, its zod schema (or `oneOf`) and its default)
// where its feature lives, and read, written and watched through this module. They are kept in
// localStorage (small, per-device, not secrets; the cache database is for store data), one JSON
// value per setting under `storedesk.setting.<name>` or `storedesk.setting.<name>.<connection>`.
// Read back, a value is checked with its schema: a tampered, missing or outdated one gives the
// default, never reaches the rules. The keys used before this module (each feature kept its own,
// some as plain strings) are read once, moved to the new key and removed, so nobody's choices
// are lost on the update.
import { getCurrentScope, onScopeDispose, ref, toValue, watch, type MaybeRefOrGetter, type Ref } from 'vue'

/** A key used before this module, and how its text is read (JSON, else the plain string, by default). */
export interface LegacyKey {
  key: string
  decode?: (raw: string) => unknown
}

/**
 * What a setting's value is checked with: a zod schema, or `oneOf` (the settings the first screen
 * reads, so zod is not part of the first paint).
 */
export interface SettingSchema<T> {
  parse(value: unknown): T
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

/** One of a few words: "system", "light" or "dark". */
export function oneOf<const T extends string>(values: readonly T[]): SettingSchema<T> {
  const valid = (value: unknown): value is T => (values as readonly unknown[]).includes(value)
  return {
    parse: (value) => {
      if (!valid(value)) throw new TypeError(`Expected one of ${values.join(', ')}, got ${JSON.stringify(value)}.`)
      return value
    },
    safeParse: (value) => (valid(value) ? { success: true, data: value } : { success: false }),
  }
}

interface SettingBase<T> {
  readonly name: string
  readonly schema: SettingSchema<T>
  /** A fresh copy of the default each time (a caller may change what it gets). */
  readonly fallback: () => T
}
export interface DeviceSetting<T> extends SettingBase<T> {
  readonly scope: 'device'
  readonly legacy: () => LegacyKey[]
}
export interface StoreSetting<T> extends SettingBase<T> {
  readonly scope: 'store'
  readonly legacy: (connectionId: string) => LegacyKey[]
}
export type Setting<T> = DeviceSetting<T> | StoreSetting<T>

/** A preference of this computer, for every store. */
export function deviceSetting<T>(name: string, schema: SettingSchema<T>, fallback: () => T, legacy: () => LegacyKey[] = () => []): DeviceSetting<T> {
  return { scope: 'device', name, schema, fallback, legacy }
}

/** A preference of one store on this computer. */
export function storeSetting<T>(name: string, schema: SettingSchema<T>, fallback: () => T, legacy: (connectionId: string) => LegacyKey[] = () => []): StoreSetting<T> {
  return { scope: 'store', name, schema, fallback, legacy }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // A browser that denies storage access: the defaults apply and nothing is kept.
    return null
  }
}

/** Where a setting is kept: per store, under its connection's id. */
export function settingKey(setting: Setting<unknown>, connectionId?: string): string {
  return setting.scope === 'store' ? `storedesk.setting.${setting.name}.${connectionId}` : `storedesk.setting.${setting.name}`
}

function decodeLegacy(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    // useStorage kept strings as they are ("dark", "a4"), not as JSON.
    return raw
  }
}

/** The value kept under a key before this module, moved to the new key (when valid); the old keys go either way. */
function moveLegacy<T>(setting: Setting<T>, key: string, connectionId: string, store: Storage): string | null {
  const old = setting.legacy(connectionId)
  const found = old.find((l) => store.getItem(l.key) !== null)
  if (!found) return null
  const parsed = setting.schema.safeParse((found.decode ?? decodeLegacy)(store.getItem(found.key)!))
  const raw = parsed.success ? JSON.stringify(parsed.data) : null
  if (raw !== null) store.setItem(key, raw)
  for (const l of old) store.removeItem(l.key)
  return raw
}

function readAt<T>(setting: Setting<T>, connectionId: string | undefined): T {
  const store = storage()
  if (!store || (setting.scope === 'store' && !connectionId)) return setting.fallback()
  const key = settingKey(setting, connectionId)
  const raw = store.getItem(key) ?? moveLegacy(setting, key, connectionId ?? '', store)
  if (raw === null) return setting.fallback()
  try {
    const parsed = setting.schema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : setting.fallback()
  } catch {
    return setting.fallback()
  }
}

function writeAt<T>(setting: Setting<T>, value: T, connectionId: string | undefined): void {
  if (setting.scope === 'store' && !connectionId) return
  const key = settingKey(setting, connectionId)
  const raw = JSON.stringify(setting.schema.parse(value))
  const store = storage()
  if (!store || store.getItem(key) === raw) return
  store.setItem(key, raw)
  changed(key)
}

/** A setting's value now (its default when unset or unreadable). */
export function readSetting<T>(setting: DeviceSetting<T>): T
export function readSetting<T>(setting: StoreSetting<T>, connectionId: string): T
export function readSetting<T>(setting: Setting<T>, connectionId?: string): T {
  return readAt(setting, connectionId)
}

/** Keeps a value; one its schema refuses throws (callers check user input before). */
export function writeSetting<T>(setting: DeviceSetting<T>, value: T): void
export function writeSetting<T>(setting: StoreSetting<T>, value: T, connectionId: string): void
export function writeSetting<T>(setting: Setting<T>, value: T, connectionId?: string): void {
  writeAt(setting, value, connectionId)
}

/** Every live ref of a key, told when it changes here or in another window. */
const watchers = new Map<string, Set<() => void>>()
function changed(key: string) {
  for (const reload of watchers.get(key) ?? []) reload()
}
let listening = false
function listenToOtherWindows() {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('storage', (event) => {
    if (event.key === null) for (const key of watchers.keys()) changed(key)
    else changed(event.key)
  })
}

function bind<T>(setting: Setting<T>, connectionId: () => string | undefined): Ref<T> {
  listenToOtherWindows()
  const value = ref(readAt(setting, connectionId())) as Ref<T>
  // Another ref of the same setting (or another window) wrote: follow it, unless it is this value already.
  const reload = () => {
    const fresh = readAt(setting, connectionId())
    if (JSON.stringify(fresh) !== JSON.stringify(value.value)) value.value = fresh
  }
  let key = settingKey(setting, connectionId())
  const follow = (next: string) => {
    watchers.get(key)?.delete(reload)
    key = next
    if (!watchers.has(key)) watchers.set(key, new Set())
    watchers.get(key)!.add(reload)
  }
  follow(key)
  watch(connectionId, () => {
    follow(settingKey(setting, connectionId()))
    value.value = readAt(setting, connectionId())
  })
  watch(value, (next) => writeAt(setting, next, connectionId()), { deep: true })
  if (getCurrentScope()) onScopeDispose(() => watchers.get(key)?.delete(reload))
  return value
}

/** A device setting as a ref: changing it (or a field of it) keeps it; it follows changes made elsewhere. */
export function useSetting<T>(setting: DeviceSetting<T>): Ref<T> {
  return bind(setting, () => undefined)
}

/** A store's setting as a ref, following the connection given: its default while there is none. */
export function useStoreSetting<T>(setting: StoreSetting<T>, connectionId: MaybeRefOrGetter<string | null>): Ref<T> {
  return bind(setting, () => toValue(connectionId) ?? undefined)
}
