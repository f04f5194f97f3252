// @vitest-environment node
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEncryptedVault, createFileVault, type VaultCipher } from './vault'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storedesk-vault-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Stands in for safeStorage: a reversible transform whose key can be "lost". */
function fakeCipher(key: number): VaultCipher {
  return {
    encrypt: (plain) => Buffer.concat([Buffer.from([key]), Buffer.from(plain, 'utf8').map((b) => b ^ key)]),
    decrypt: (sealed) => {
      if (sealed[0] !== key) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
      return Buffer.from(sealed.subarray(1).map((b) => b ^ key)).toString('utf8')
    },
  }
}

describe('the file vault', () => {
  it('keeps values in a 0600 file, says it is not encrypted, and deletes them', async () => {
    const file = join(dir, 'profile', 'secrets.json')
    const vault = createFileVault(file)
    expect(vault.encrypted).toBe(false)
    expect(await vault.get('c1:token')).toBeNull()

    await vault.set('c1:token', 'tok-1')
    await vault.set('c2:token', 'tok-2')
    expect(await vault.get('c1:token')).toBe('tok-1')
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    await vault.delete('c1:token')
    expect(await vault.get('c1:token')).toBeNull()
    expect(await readFile(file, 'utf8')).not.toContain('tok-1')
    expect(await createFileVault(file).get('c2:token')).toBe('tok-2')
    // Written through a temporary file and a rename: nothing left behind.
    expect(await readdir(join(dir, 'profile'))).toEqual(['secrets.json'])
  })

  it('keeps every value when many are written at once', async () => {
    const vault = createFileVault(join(dir, 'secrets.json'))
    await Promise.all(Array.from({ length: 20 }, (_, i) => vault.set(`k${i}`, `v${i}`)))
    for (let i = 0; i < 20; i++) expect(await vault.get(`k${i}`)).toBe(`v${i}`)
  })

  it('reads a damaged file as empty instead of failing', async () => {
    const file = join(dir, 'secrets.json')
    await writeFile(file, '{ not json')
    expect(await createFileVault(file).get('c1:token')).toBeNull()
  })

  it('does not treat inherited names as stored keys', async () => {
    const vault = createFileVault(join(dir, 'secrets.json'))
    await vault.set('real', 'x')
    expect(await vault.get('__proto__')).toBeNull()
    expect(await vault.get('constructor')).toBeNull()
  })
})

describe('the encrypted vault', () => {
  it('stores only ciphertext and reads it back', async () => {
    const file = join(dir, 'secrets.json')
    const vault = createEncryptedVault(file, fakeCipher(7))
    expect(vault.encrypted).toBe(true)
    await vault.set('c1:token', 'plain-token-value')
    expect(await readFile(file, 'utf8')).not.toContain('plain-token-value')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await vault.get('c1:token')).toBe('plain-token-value')
  })

  it('answers null for a value that can no longer be decrypted', async () => {
    const file = join(dir, 'secrets.json')
    await createEncryptedVault(file, fakeCipher(7)).set('c1:token', 'plain-token-value')
    const afterKeyringChange = createEncryptedVault(file, fakeCipher(9))
    expect(await afterKeyringChange.get('c1:token')).toBeNull()
  })
})
