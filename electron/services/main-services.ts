// The composition of the host-agnostic main-process services: the one object every shell
// (Electron main, the browser-shell host, tests) builds from its HostCapabilities and wires
// to its transport. `invoke` is the IPC boundary: it checks the channel name, validates the
// arguments against the contract, runs the handler, checks the handler's result, and never
// throws. Expected failures come back with a plain message; unexpected ones as 'internal'
// with a generic message, their details only in the local diagnostic log.
import { join } from 'node:path'
import type { z } from 'zod'
import {
  channels,
  isChannelName,
  parseArgs,
  type ChannelName,
  type ConnectOutcome,
  type ConnectionsState,
  type EventName,
  type EventPayload,
  type IpcErrorData,
  type IpcResult,
  type Reachability,
} from '../common/ipc-contract'
import { startDemoStore } from '../demo-store/embedded'
import { SCOPES, hasScopes, operations, paramsSchema } from '../common/store-api/operations'
import { createApiClient, describeScopes, type FetchLike, type Sleep } from './api-client'
import { openConnectionStore } from './connections'
import { createDemoLauncher, type StartDemoStore } from './demo'
import { createDiagnostics } from './diagnostics'
import { ExportFolderError, writeExportFolder } from './export-folder'
import type { HostCapabilities, MainServices } from './host-contract'
import { createOAuthFlow, normaliseShopUrl, type ConnectTarget } from './oauth'
import { fetchPreviewStylesheet } from './preview-stylesheet'
import { createReachabilityProbe } from './reachability-probe'
import { RequestLog } from './request-log'

/** How long a store the user typed may take to answer before Connect gives up. */
const STORE_ANSWER_TIMEOUT_MS = 10_000

/** Replaceable pieces, for tests; every shell uses the defaults. */
export interface MainServicesDeps {
  fetch?: FetchLike
  now?: () => number
  sleep?: Sleep
  random?: () => number
  randomBytes?: (size: number) => Buffer
  timeoutMs?: number
  maxAttempts?: number
  startDemoStore?: StartDemoStore
  /** How often a store that stopped answering is asked again. */
  probeIntervalMs?: number
}

/** A failure a handler expects; it crosses the boundary as its data. */
class ServiceError extends Error {
  constructor(readonly data: IpcErrorData) {
    super(data.message)
  }
}

function fail(code: IpcErrorData['code'], message: string, words?: IpcErrorData['words']): never {
  throw new ServiceError({ code, message, ...(words ? { words } : {}) })
}

const INTERNAL_ERROR: IpcErrorData = {
  code: 'internal',
  message: 'Something went wrong inside Storedesk. Try again; details were written to the diagnostic log.',
}

type Handlers = {
  [C in ChannelName]: (args: z.output<(typeof channels)[C]['args']>) => Promise<z.input<(typeof channels)[C]['result']>>
}

/** Zod issues in plain words, short, without echoing the values sent. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], { argumentList = false } = {}): string {
  const shorten = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text)
  const listed = issues.slice(0, 5).map((issue) => {
    // A channel's arguments are a tuple: say "argument 1" rather than "0".
    const path = argumentList && typeof issue.path[0] === 'number' ? [`argument ${issue.path[0] + 1}`, ...issue.path.slice(1)] : issue.path
    const where = path.map((p) => shorten(String(p))).join('.')
    return where ? `${where}: ${shorten(issue.message)}` : shorten(issue.message)
  })
  return listed.join('; ') + (issues.length > 5 ? `; and ${issues.length - 5} more` : '')
}

export async function createMainServices(host: HostCapabilities, deps: MainServicesDeps = {}): Promise<MainServices> {
  const now = deps.now ?? host.now ?? Date.now
  const diagnostics = createDiagnostics(join(host.profileDir, 'diagnostics.log'), now)
  const requestLog = new RequestLog()
  const store = await openConnectionStore(host.profileDir, host.vault)
  const listeners = new Set<(event: EventName, payload: unknown) => void>()
  const reachability = new Map<string, Reachability>()
  const inFlight = new Set<AbortController>()

  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const listener of listeners) {
      try {
        listener(event, payload)
      } catch (error) {
        void diagnostics.record(`listener for ${event}`, error)
      }
    }
  }

  const client = createApiClient({
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    ...(deps.random ? { random: deps.random } : {}),
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.maxAttempts !== undefined ? { maxAttempts: deps.maxAttempts } : {}),
    now,
    log: requestLog,
    onReachability(connectionId, online) {
      if (online) probe.answered(connectionId)
      else probe.unanswered(connectionId)
      const previous = reachability.get(connectionId)
      const next: Reachability = { connectionId, online, checkedAt: new Date(now()).toISOString() }
      reachability.set(connectionId, next)
      if (previous?.online !== online) emit('store.onDidChangeReachability', next)
    },
  })

  /** Asks a store whether it answers: any answer, even a refusal, proves it does. */
  const askStore = async (id: string) => {
    const connection = requireConnection(id)
    if (connection.isDemo) await demoReady
    const current = requireConnection(id)
    const token = (await store.token(id)) ?? ''
    await client.call({ connectionId: id, baseUrl: current.baseUrl, token }, 'checkouts.count', {}, { maxAttempts: 1 })
  }

  const probe = createReachabilityProbe({
    probe: async (id) => {
      if (!store.get(id)) return probe.forget(id)
      await askStore(id)
    },
    ...(host.networkOnline ? { networkOnline: host.networkOnline } : {}),
    ...(deps.probeIntervalMs !== undefined ? { intervalMs: deps.probeIntervalMs } : {}),
  })

  const oauth = createOAuthFlow({
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.randomBytes ? { randomBytes: deps.randomBytes } : {}),
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    now,
    log: requestLog,
  })

  const demo = createDemoLauncher({
    profileDir: host.profileDir,
    ...(host.demoStoreUrl ? { demoStoreUrl: host.demoStoreUrl } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    startDemoStore: deps.startDemoStore ?? startDemoStore,
  })

  // A saved demo connection needs its embedded store running again; if the store had to
  // take another port, the connection follows it. Failures are logged, never fatal.
  const demoReady: Promise<void> =
    demo.embeds && store.list().some((c) => c.isDemo)
      ? demo
          .ensure()
          .then(async (info) => {
            for (const c of store.list().filter((c) => c.isDemo && c.clientId === info.clientId)) {
              if (c.baseUrl !== info.baseUrl || c.shop !== info.shop) await store.update(c.id, { baseUrl: info.baseUrl, shop: info.shop })
            }
          })
          .catch((error: unknown) => diagnostics.record('starting the demo store at start-up', error))
      : Promise.resolve()

  // Connections whose token the store refused (401) since it was stored: shown as needing a reconnect.
  const refusedTokens = new Set<string>()
  const connectionsState = async (): Promise<ConnectionsState> => {
    const state = await store.state()
    return { ...state, connections: state.connections.map((c) => (refusedTokens.has(c.id) ? { ...c, needsReconnect: true } : c)) }
  }
  const announceConnections = async () => {
    const state = await connectionsState()
    emit('connections.onDidChange', state)
    return state
  }

  /**
   * Before a consent page opens for a store the user typed, the store must answer at all:
   * a wrong or unreachable address is said at once, not after a tab that never loads.
   */
  async function requireStoreAnswers(shopBase: string, shop: string) {
    try {
      await (deps.fetch ?? fetch)(`${shopBase}/`, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(STORE_ANSWER_TIMEOUT_MS) })
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      fail(
        timedOut ? 'timeout' : 'network',
        timedOut
          ? `The store at ${shop} did not answer within ${STORE_ANSWER_TIMEOUT_MS / 1000} seconds. Check the address and your connection, then try again.`
          : `Nothing answered at ${shop}. Check the store’s address and your connection, then try again.`,
      )
    }
  }

  async function beginAttempt(target: ConnectTarget) {
    const { attempt, authorizeUrl } = oauth.begin(target, host.redirectUri())
    let openedExternally = false
    try {
      openedExternally = await host.openExternal(authorizeUrl)
    } catch (error) {
      await diagnostics.record('opening the authorize page', error)
    }
    return { attemptId: attempt.attemptId, authorizeUrl, openedExternally }
  }

  const requireConnection = (id: string) => store.get(id) ?? fail('not_connected', 'Storedesk is not connected to this store any more.')

  const handlers: Handlers = {
    'app.getInfo': async () => ({ shell: host.shell, version: host.version, platform: process.platform, secretsEncrypted: host.vault.encrypted, updates: host.updates ?? 'off' }),

    'app.openExternal': async ([raw]) => {
      const url = new URL(raw)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('bad_request', 'Only web links (http or https) can be opened.', { key: 'problems.notWebLink' })
      await host.openExternal(url.href)
      return null
    },

    'app.notify': async ([{ title, body }]) => host.notify?.(title, body) ?? false,

    'app.setSpellCheckLanguage': async ([language]) => host.setSpellCheckLanguage?.(language) ?? [],

    'connections.get': () => connectionsState(),

    'connections.setActive': async ([id]) => {
      if (!(await store.setActive(id))) fail('not_connected', 'Storedesk is not connected to this store any more.')
      return announceConnections()
    },

    'connections.tryDemo': async () => {
      let info
      try {
        info = await demo.ensure()
      } catch (error) {
        await diagnostics.record('starting the demo store', error)
        return fail('network', 'The demo store could not be started. Try again; if it keeps failing, see the diagnostic log.')
      }
      diagnostics.rememberSecret(info.clientSecret)
      return beginAttempt({ shopBase: info.baseUrl, shop: info.shop, clientId: info.clientId, clientSecret: info.clientSecret, scopes: [...SCOPES], label: 'Demo store', isDemo: true })
    },

    'connections.begin': async ([request]) => {
      const address = normaliseShopUrl(request.shopUrl)
      if (!address) fail('bad_request', 'The store address could not be used. Enter it like acme.example.com or https://acme.example.com (plain http only for a store on this computer).')
      const { shop, shopBase } = address
      diagnostics.rememberSecret(request.clientSecret)
      await requireStoreAnswers(shopBase, shop)
      return beginAttempt({ shopBase, shop, clientId: request.clientId, clientSecret: request.clientSecret, scopes: request.scopes, label: shop, isDemo: false })
    },

    'connections.cancel': async ([attemptId]) => {
      oauth.cancel(attemptId)
      return null
    },

    'connections.disconnect': async ([id]) => {
      if (!(await store.disconnect(id))) fail('not_connected', 'Storedesk is not connected to this store any more.')
      reachability.delete(id)
      probe.forget(id)
      refusedTokens.delete(id)
      return announceConnections()
    },

    'store.call': async ([connectionId, operation, rawParams]) => {
      const connection = requireConnection(connectionId)
      // No params: undefined, or null once JSON has carried an undefined over HTTP.
      const params = paramsSchema(operation).safeParse(rawParams ?? {})
      if (!params.success) fail('bad_request', `The ${operation} request is not valid: ${describeIssues(params.error.issues)}.`)
      const required = operations[operation].scopes
      if (!hasScopes(connection.scopes, required)) {
        fail('forbidden', `This needs the ${describeScopes(required)} permission, which this store did not grant. Reconnect the store and grant it.`)
      }
      if (connection.isDemo) await demoReady
      const current = requireConnection(connectionId)
      const token = await store.token(current.id)
      if (token === null) fail('not_connected', "Storedesk can no longer read this store's access. Reconnect the store.")
      diagnostics.rememberSecret(token)
      const controller = new AbortController()
      inFlight.add(controller)
      try {
        const result = await client.call({ connectionId: current.id, baseUrl: current.baseUrl, token: token }, operation, params.data as object, { signal: controller.signal })
        if (!result.ok) {
          if (result.error.code === 'unauthorized' && !refusedTokens.has(current.id)) {
            refusedTokens.add(current.id)
            await announceConnections()
          }
          throw new ServiceError(result.error)
        }
        return result.value
      } finally {
        inFlight.delete(controller)
      }
    },

    'store.checkReachability': async ([id]) => {
      await askStore(id)
      return reachability.get(id) ?? { connectionId: id, online: false, checkedAt: new Date(now()).toISOString() }
    },

    'diagnostics.requestLog': async () => requestLog.entries(),

    'blogs.fetchPreviewStylesheet': async ([address]) => {
      const result = await fetchPreviewStylesheet(address, deps.fetch ? { fetch: deps.fetch } : {})
      if (!result.ok) throw new ServiceError(result.error)
      return result.value
    },

    // The picker shows the renderer's words (its title and button, in the app's language).
    'localData.exportToFolder': async ([request, words]) => {
      if (!host.chooseFolder) fail('bad_request', 'This window cannot choose a folder; export downloads the files as one .zip instead.')
      const parent = await host.chooseFolder(words)
      if (parent === null) return null
      try {
        return await writeExportFolder(parent, request.folderName, request.files)
      } catch (error) {
        if (error instanceof ExportFolderError) fail('internal', error.message, error.words)
        throw error
      }
    },
    // The Electron shell answers these itself, on the sender's window (electron/main/print.ts);
    // a browser prints its own page, so here they only explain that.
    'print.print': async () => fail('bad_request', "Printing through Storedesk is for the desktop app. In the browser, use the browser's Print command."),
    'print.savePdf': async () => fail('bad_request', "Saving as PDF through Storedesk is for the desktop app. In the browser, use Print and choose Save as PDF."),
  }

  async function invoke(channel: ChannelName, args: unknown): Promise<IpcResult<unknown>> {
    if (!isChannelName(channel)) return { ok: false, error: { code: 'bad_request', message: 'Storedesk does not know this request.' } }
    try {
      const parsed = parseArgs(channel, args)
      if (parsed === null) {
        const issues = channels[channel].args.safeParse(args).error?.issues ?? []
        return { ok: false, error: { code: 'bad_request', message: `The request was not understood: ${describeIssues(issues, { argumentList: true })}.` } }
      }
      const handler = handlers[channel] as (args: unknown) => Promise<unknown>
      const value = await handler(parsed)
      const checked = channels[channel].result.safeParse(value)
      if (!checked.success) {
        await diagnostics.record(`${channel} produced a result outside the contract`, new Error(describeIssues(checked.error.issues)))
        return { ok: false, error: INTERNAL_ERROR }
      }
      return { ok: true, value: checked.data }
    } catch (error) {
      if (error instanceof ServiceError) return { ok: false, error: error.data }
      await diagnostics.record(channel, error)
      return { ok: false, error: INTERNAL_ERROR }
    }
  }

  async function handleOAuthCallback(url: string): Promise<ConnectOutcome> {
    let outcome: ConnectOutcome
    try {
      const result = await oauth.handleCallback(url, host.redirectUri())
      if (!result.ok) {
        outcome = { attemptId: result.attemptId, ok: false, error: result.error }
      } else {
        diagnostics.rememberSecret(result.accessToken)
        const { attempt } = result
        const connection = await store.add(
          {
            shop: attempt.shop,
            baseUrl: attempt.shopBase,
            label: attempt.label,
            isDemo: attempt.isDemo,
            clientId: attempt.clientId,
            scopes: result.grantedScopes,
            connectedAt: new Date(now()).toISOString(),
          },
          { token: result.accessToken, clientSecret: attempt.clientSecret },
        )
        refusedTokens.delete(connection.id)
        outcome = { attemptId: attempt.attemptId, ok: true, connectionId: connection.id }
        await announceConnections()
      }
    } catch (error) {
      await diagnostics.record('handling the OAuth callback', error)
      outcome = { attemptId: null, ok: false, error: INTERNAL_ERROR }
    }
    emit('connections.onDidFinishConnect', outcome)
    return outcome
  }

  async function handleLaunchLink(url: string): Promise<ConnectOutcome> {
    let outcome: ConnectOutcome
    try {
      const candidates = await Promise.all(store.list().map(async (c) => ({ id: c.id, shop: c.shop, clientSecret: await store.clientSecret(c.id) })))
      const result = oauth.verifyLaunchLink(url, candidates)
      if (result.ok) {
        await store.setActive(result.connectionId)
        await announceConnections()
        outcome = { attemptId: null, ok: true, connectionId: result.connectionId }
      } else {
        outcome = { attemptId: null, ok: false, error: result.error }
      }
    } catch (error) {
      await diagnostics.record('handling a launch link', error)
      outcome = { attemptId: null, ok: false, error: INTERNAL_ERROR }
    }
    emit('connections.onDidFinishConnect', outcome)
    return outcome
  }

  return {
    invoke,
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    handleOAuthCallback,
    handleLaunchLink,
    async dispose() {
      probe.dispose()
      for (const controller of inFlight) controller.abort()
      await demoReady
      await demo.stop()
    },
  }
}
