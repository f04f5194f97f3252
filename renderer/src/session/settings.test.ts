import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref, type EffectScope } from 'vue'
import { z } from 'zod'
import { deviceSetting, readSetting, settingKey, storeSetting, useSetting, useStoreSetting, writeSetting } from './settings'

const Look = z.enum(['system', 'light', 'dark'])
const LOOK = deviceSetting('test-look', Look, () => 'system' as const, () => [{ key: 'old.look' }])
const Seconds = z.number().int().min(0).max(60)
const WAIT = deviceSetting('test-wait', Seconds, () => 10, () => [{ key: 'old.wait' }])
const Prefs = z.object({ sound: z.boolean().default(true), size: z.number().default(1) })
const PREFS = storeSetting('test-prefs', Prefs, () => Prefs.parse({}), (id) => [{ key: `old.prefs.${id}` }, { key: `older.prefs.${id}`, decode: (raw) => ({ sound: raw === 'loud' }) }])

let scope: EffectScope
beforeEach(() => {
  localStorage.clear()
  scope = effectScope()
})
afterEach(() => scope.stop())

describe('settings', () => {
  it('gives the default until a value is kept, and each store its own', () => {
    expect(readSetting(LOOK)).toBe('system')
    writeSetting(LOOK, 'dark')
    expect(readSetting(LOOK)).toBe('dark')
    writeSetting(PREFS, { sound: false, size: 2 }, 'a')
    expect(readSetting(PREFS, 'a')).toEqual({ sound: false, size: 2 })
    expect(readSetting(PREFS, 'b')).toEqual({ sound: true, size: 1 })
  })

  it('checks what it reads back: a tampered or unreadable value gives the default', () => {
    localStorage.setItem(settingKey(WAIT), '600')
    expect(readSetting(WAIT)).toBe(10)
    localStorage.setItem(settingKey(WAIT), '{oops')
    expect(readSetting(WAIT)).toBe(10)
    localStorage.setItem(settingKey(PREFS, 'a'), JSON.stringify({ sound: 'yes' }))
    expect(readSetting(PREFS, 'a')).toEqual({ sound: true, size: 1 })
  })

  it('refuses to keep a value its schema does not allow', () => {
    expect(() => writeSetting(WAIT, 61)).toThrow()
    expect(readSetting(WAIT)).toBe(10)
  })

  it('reads the keys used before it once, plain strings and JSON alike, and removes them', () => {
    localStorage.setItem('old.look', 'dark')
    localStorage.setItem('old.wait', '0')
    localStorage.setItem('older.prefs.a', 'loud')
    localStorage.setItem('old.prefs.b', JSON.stringify({ sound: false, size: 3 }))
    expect(readSetting(LOOK)).toBe('dark')
    expect(readSetting(WAIT)).toBe(0)
    expect(readSetting(PREFS, 'a')).toEqual({ sound: true, size: 1 })
    expect(readSetting(PREFS, 'b')).toEqual({ sound: false, size: 3 })
    for (const key of ['old.look', 'old.wait', 'older.prefs.a', 'old.prefs.b']) expect(localStorage.getItem(key)).toBeNull()
    // Read once: a value written later under an old key is not taken in again.
    localStorage.setItem('old.look', 'light')
    expect(readSetting(LOOK)).toBe('dark')
  })

  it('an unreadable old value is dropped for the default', () => {
    localStorage.setItem('old.wait', 'soon')
    expect(readSetting(WAIT)).toBe(10)
    expect(localStorage.getItem('old.wait')).toBeNull()
  })

  it('a ref keeps each change, fields included, and every ref of the setting follows it', async () => {
    const [a, b] = scope.run(() => [useStoreSetting(PREFS, 'a'), useStoreSetting(PREFS, 'a')])!
    a!.value.sound = false
    await nextTick()
    expect(readSetting(PREFS, 'a').sound).toBe(false)
    expect(b!.value.sound).toBe(false)
    const look = scope.run(() => useSetting(LOOK))!
    writeSetting(LOOK, 'light')
    expect(look.value).toBe('light')
  })

  it('a store ref follows the connection, and keeps nothing while there is none', async () => {
    writeSetting(PREFS, { sound: false, size: 5 }, 'b')
    const connection = ref<string | null>(null)
    const prefs = scope.run(() => useStoreSetting(PREFS, connection))!
    expect(prefs.value).toEqual({ sound: true, size: 1 })
    prefs.value = { sound: true, size: 9 }
    await nextTick()
    connection.value = 'b'
    await nextTick()
    expect(prefs.value).toEqual({ sound: false, size: 5 })
    expect(localStorage.getItem(settingKey(PREFS, 'undefined'))).toBeNull()
  })

  it('follows a change another window made', () => {
    const look = scope.run(() => useSetting(LOOK))!
    localStorage.setItem(settingKey(LOOK), JSON.stringify('dark'))
    window.dispatchEvent(new StorageEvent('storage', { key: settingKey(LOOK) }))
    expect(look.value).toBe('dark')
  })
})
