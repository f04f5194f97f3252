// The user's store connections: add, switch, disconnect, kept across restarts in
// `${profileDir}/connections.json`. That file holds no secrets; each connection's token and
// client secret live in the vault under `${id}:token` and `${id}:clientSecret`. A connection
// whose secrets are missing or can no longer be decrypted is listed with `needsReconnect`.
import { randomBytes } from 'node:crypto'
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { ConnectionsState, ConnectionSummary } from '../common/ipc-contract'
import type { SecretVault } from './host-contract'
import { writeFileAtomic } from './vault'
import { parseJsonAs } from './parse-json'

export const StoredConnection = z.object({
  id: z.string().min(1).max(128),
  shop: z.string().min(1),
  baseUrl: z.string().url(),
  label: z.string(),
  isDemo: z.boolean(),
  clientId: z.string().min(1),
  scopes: z.array(z.string()),
  connectedAt: z.string(),
})
export type StoredConnection = z.infer<typeof StoredConnection>

const ConnectionsFile = z.object({
  version: z.literal(1),
  activeId: z.string().nullable(),
  connections: z.array(StoredConnection),
})

export const tokenKey = (id: string) => `${id}:token`
export const secretKey = (id: string) => `${id}:clientSecret`

export interface ConnectionSecrets {
  token: string
  clientSecret: string
}

export interface ConnectionStore {
  list(): StoredConnection[]
  get(id: string): StoredConnection | undefined
  readonly activeId: string | null
  /** What the renderer sees: no secrets, and whether each connection needs a reconnect. */
  state(): Promise<ConnectionsState>
  /** Adds a connection, or replaces the one for the same shop and app (a reconnect keeps its id). */
  add(connection: Omit<StoredConnection, 'id'>, secrets: ConnectionSecrets): Promise<StoredConnection>
  update(id: string, patch: Partial<Pick<StoredConnection, 'baseUrl' | 'shop'>>): Promise<void>
  setActive(id: string): Promise<boolean>
  /** Removes the connection and deletes its token and client secret. */
  disconnect(id: string): Promise<boolean>
  token(id: string): Promise<string | null>
  clientSecret(id: string): Promise<string | null>
  /** Set when connections.json could not be read at start-up and was moved aside. */
  readonly notice: string | null
}

export async function openConnectionStore(profileDir: string, vault: SecretVault): Promise<ConnectionStore> {
  const file = join(profileDir, 'connections.json')
  let connections: StoredConnection[] = []
  let activeId: string | null = null
  let notice: string | null = null

  let text: string | null = null
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (text !== null) {
    const parsed = parseJsonAs(ConnectionsFile, text)
    if (parsed.success) {
      connections = parsed.data.connections
      activeId = connections.some((c) => c.id === parsed.data.activeId) ? parsed.data.activeId : (connections[0]?.id ?? null)
    } else {
      // Keep the damaged file for inspection and start empty rather than refuse to start.
      const aside = `${file}.corrupt-${Date.now()}`
      await rename(file, aside)
      notice = `The saved list of stores could not be read, so Storedesk started without it (the old file was kept as ${aside}). Connect your stores again.`
    }
  }

  const save = () => writeFileAtomic(file, JSON.stringify({ version: 1, activeId, connections }, null, 2))

  const summary = async (c: StoredConnection): Promise<ConnectionSummary> => {
    const [token, secret] = await Promise.all([vault.get(tokenKey(c.id)), vault.get(secretKey(c.id))])
    return {
      id: c.id,
      shop: c.shop,
      baseUrl: c.baseUrl,
      label: c.label,
      isDemo: c.isDemo,
      scopes: [...c.scopes],
      connectedAt: c.connectedAt,
      tokenEncrypted: vault.encrypted,
      ...(token === null || secret === null ? { needsReconnect: true } : {}),
    }
  }

  return {
    list: () => connections.map((c) => ({ ...c, scopes: [...c.scopes] })),
    get: (id) => connections.find((c) => c.id === id),
    get activeId() {
      return activeId
    },
    get notice() {
      return notice
    },
    async state() {
      return { connections: await Promise.all(connections.map(summary)), activeId, ...(notice ? { notice } : {}) }
    },
    async add(fields, secrets) {
      const existing = connections.find((c) => c.shop === fields.shop && c.clientId === fields.clientId && c.isDemo === fields.isDemo)
      const connection: StoredConnection = { ...fields, id: existing?.id ?? `c_${randomBytes(9).toString('base64url')}` }
      await vault.set(tokenKey(connection.id), secrets.token)
      await vault.set(secretKey(connection.id), secrets.clientSecret)
      connections = existing ? connections.map((c) => (c.id === connection.id ? connection : c)) : [...connections, connection]
      activeId = connection.id
      await save()
      return { ...connection }
    },
    async update(id, patch) {
      connections = connections.map((c) => (c.id === id ? { ...c, ...patch } : c))
      await save()
    },
    async setActive(id) {
      if (!connections.some((c) => c.id === id)) return false
      activeId = id
      await save()
      return true
    },
    async disconnect(id) {
      if (!connections.some((c) => c.id === id)) return false
      await vault.delete(tokenKey(id))
      await vault.delete(secretKey(id))
      connections = connections.filter((c) => c.id !== id)
      if (activeId === id) activeId = connections[0]?.id ?? null
      await save()
      return true
    },
    token: (id) => vault.get(tokenKey(id)),
    clientSecret: (id) => vault.get(secretKey(id)),
  }
}
