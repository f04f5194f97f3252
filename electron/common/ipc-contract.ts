// The one IPC contract between the renderer and the main-process services. Every
// channel declares zod schemas for its arguments and result; both transports (Electron
// ipcMain/preload and the browser shell's HTTP host) validate with these, and the
// renderer's `StoredeskApi` type is derived from them, never written by hand.
// Errors cross the boundary as data (`IpcResult`), because an Error thrown through
// Electron's `handle` arrives with its message only.
import { z } from 'zod'
import { OPERATION_NAMES, SCOPES, type OperationName, type OperationParams, type OperationResult } from './store-api/operations'
import { isPlainFileName } from './file-names'
import { ERROR_CODES, type ChannelName, type EventName } from './ipc-names'

// ---------------------------------------------------------------- shared shapes

export { ERROR_CODES, isErrorCode, type ErrorCode } from './ipc-names'

export const IpcErrorData = z.object({
  code: z.enum(ERROR_CODES),
  /** Plain words for the user. Never contains a token or secret. */
  message: z.string(),
  status: z.number().int().optional(),
  /** Per-field messages from a 422, keyed by the store's field name. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** Seconds, from a 429's Retry-After. */
  retryAfter: z.number().optional(),
  /** True when the request may have reached the store (a timeout or a dropped connection on a write). */
  uncertain: z.boolean().optional(),
  /**
   * The same failure in the app's own words, where the app (not the store) decided them: a
   * message of the renderer's catalogs (renderer/src/session/i18n), its key and named
   * arguments, so a screen says it in the app's language; `message` is its English.
   */
  words: z.object({ key: z.string().max(200), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }).optional(),
})
export type IpcErrorData = z.infer<typeof IpcErrorData>

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcErrorData }

export const Scope = z.enum(SCOPES)

export const ConnectionSummary = z.object({
  id: z.string(),
  /** The store's host as the store names it in `shop` (e.g. `acme.example.com` or `127.0.0.1:4010`). */
  shop: z.string(),
  baseUrl: z.string(),
  label: z.string(),
  isDemo: z.boolean(),
  scopes: z.array(z.string()),
  connectedAt: z.string(),
  /** False when the token is kept in a plain 0600 file rather than OS-encrypted storage. */
  tokenEncrypted: z.boolean(),
  /** True when its token or client secret is missing or can no longer be decrypted: offer a reconnect. */
  needsReconnect: z.boolean().optional(),
})
export type ConnectionSummary = z.infer<typeof ConnectionSummary>

export const ConnectionsState = z.object({
  connections: z.array(ConnectionSummary),
  activeId: z.string().nullable(),
  /** A start-up problem to tell the user about (e.g. the saved list of stores could not be read). */
  notice: z.string().optional(),
})
export type ConnectionsState = z.infer<typeof ConnectionsState>

export { ATTEMPT_LIFETIME_MS } from './ipc-names'

export const ConnectAttempt = z.object({
  attemptId: z.string(),
  authorizeUrl: z.string().url(),
  /** True when the main process already opened the page in the system browser. */
  openedExternally: z.boolean(),
})
export type ConnectAttempt = z.infer<typeof ConnectAttempt>

export const ConnectOutcome = z.object({
  attemptId: z.string().nullable(),
  ok: z.boolean(),
  connectionId: z.string().optional(),
  error: IpcErrorData.optional(),
})
export type ConnectOutcome = z.infer<typeof ConnectOutcome>

export const ConnectRequest = z.object({
  shopUrl: z.string().min(1).max(2048),
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(512),
  scopes: z.array(Scope).min(1),
})
export type ConnectRequest = z.infer<typeof ConnectRequest>

/**
 * Whether the app updates itself (electron/main/auto-update.ts): 'on' (checks its built-in feed
 * and installs only updates its publisher signed), 'off' (no feed in this build), 'development'
 * (a development run installs nothing), 'unverifiable' (an update's publisher cannot be checked
 * here: Linux, an unsigned Windows build), 'invalid-feed', 'browser-shell' (updated with the
 * project it runs from).
 */
export const UpdateStatus = z.enum(['on', 'off', 'development', 'unverifiable', 'invalid-feed', 'browser-shell'])
export type UpdateStatus = z.infer<typeof UpdateStatus>

export const AppInfo = z.object({
  shell: z.enum(['electron', 'web']),
  version: z.string(),
  platform: z.string(),
  /** Whether secrets are encrypted by the OS (false: a 0600 file, and the user is told). */
  secretsEncrypted: z.boolean(),
  updates: UpdateStatus,
})
export type AppInfo = z.infer<typeof AppInfo>

export const Reachability = z.object({
  connectionId: z.string(),
  online: z.boolean(),
  checkedAt: z.string(),
})
export type Reachability = z.infer<typeof Reachability>

export const RequestLogEntry = z.object({
  at: z.string(),
  connectionId: z.string(),
  method: z.string(),
  /** Path and query only: never a token, never a secret. */
  path: z.string(),
  status: z.number().int().nullable(),
  ms: z.number(),
  attempt: z.number().int(),
  error: z.string().optional(),
})
export type RequestLogEntry = z.infer<typeof RequestLogEntry>


/** The stylesheet fetched for the blog preview (electron/services/preview-stylesheet.ts). */
export const PreviewStylesheet = z.object({
  /** Where the CSS finally came from, after redirects: its relative url()s resolve against it. */
  url: z.string(),
  css: z.string(),
})
export type PreviewStylesheet = z.infer<typeof PreviewStylesheet>

const PlainFileName = z.string().refine(isPlainFileName, 'must be a plain file name')

export const MAX_EXPORT_FILE_CHARS = 32 * 1024 * 1024
export const MAX_EXPORT_TOTAL_CHARS = 256 * 1024 * 1024

/** An export of drafts and revisions to write into a new folder (renderer/src/data/archive.ts). */
export const ExportFolderRequest = z
  .object({
    /** The new folder's name, e.g. "Storedesk Demo store 2026-12-01" (" (2)" is added when taken). */
    folderName: PlainFileName,
    files: z.array(z.object({ name: PlainFileName, content: z.string().max(MAX_EXPORT_FILE_CHARS) })).min(1).max(10_000),
  })
  .refine((request) => new Set(request.files.map((file) => file.name.toLowerCase())).size === request.files.length, 'file names must differ (ignoring case)')
  .refine((request) => request.files.reduce((sum, file) => sum + file.content.length, 0) <= MAX_EXPORT_TOTAL_CHARS, 'the export is larger than 256 MB')
export type ExportFolderRequest = z.infer<typeof ExportFolderRequest>

export const ExportedFolder = z.object({ folder: z.string(), files: z.number().int() })

/** One line of a system dialog's words: some text, no control characters (no line breaks). */
const DialogLine = (max: number) => z.string().trim().min(1).max(max).regex(/^[^\p{Cc}]+$/u, 'must be one line of text')

/**
 * The words of a system dialog main shows for the renderer (a folder picker, a save dialog), in
 * the app's language: the renderer's catalog has every word, so it sends them with the request
 * and main shows them as given, whichever shell asks.
 */
export const DialogWords = z.object({ title: DialogLine(200), buttonLabel: DialogLine(60) })
export type DialogWords = z.infer<typeof DialogWords>
export type ExportedFolder = z.infer<typeof ExportedFolder>
/** Paper the print view is laid out for: A4, US Letter, or a 4x6 inch thermal label. */
export const PAPER_SIZES = ['a4', 'letter', '4x6'] as const
export type PaperSize = (typeof PAPER_SIZES)[number]

export const PrintRequest = z.object({
  paper: z.enum(PAPER_SIZES),
  /** Sheets are laid out upright; the field is fixed so a caller cannot ask for anything else. */
  landscape: z.literal(false),
  /** The name the save dialog suggests, without ".pdf" (letters, digits, spaces, - _ . only). */
  fileName: z.string().regex(/^[\p{L}\p{N} _.-]{1,80}$/u),
})
export type PrintRequest = z.infer<typeof PrintRequest>

export const PrintOutcome = z.object({
  /** False when the user closed the print dialog without printing. */
  printed: z.boolean(),
})
export type PrintOutcome = z.infer<typeof PrintOutcome>

export const SavePdfOutcome = z.object({
  /** Where the PDF was written; null when the user cancelled the save dialog. */
  savedTo: z.string().nullable(),
})
export type SavePdfOutcome = z.infer<typeof SavePdfOutcome>

const none = z.tuple([])

/** A BCP 47 language tag as the app writes one ("de", "zh-CN", "en-US"). */
export const LanguageTag = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/).max(35)

// ---------------------------------------------------------------- channels

/** Request/response channels: `namespace.method` → argument tuple and result. */
export const channels = {
  'app.getInfo': { args: none, result: AppInfo },
  /** Opens an http(s) URL in the system browser (external links never navigate the app). */
  'app.openExternal': { args: z.tuple([z.string().url().max(4096)]), result: z.null() },
  /** A desktop notification, shown only while the app's window is not focused; true when one was shown. */
  'app.notify': { args: z.tuple([z.object({ title: z.string().min(1).max(200), body: z.string().max(1000) })]), result: z.boolean() },
  /**
   * The language being written (a post's, in the editor; null: the user's own languages): the
   * session's spell checker checks it first. The dictionaries set come back (empty where the
   * shell has none of its own: the browser shell, whose browser follows the field's `lang`).
   */
  'app.setSpellCheckLanguage': { args: z.tuple([LanguageTag.nullable()]), result: z.array(z.string()) },

  'connections.get': { args: none, result: ConnectionsState },
  'connections.setActive': { args: z.tuple([z.string().min(1).max(128)]), result: ConnectionsState },
  /** Starts the embedded demo store (if needed) and begins the real OAuth flow against it. */
  'connections.tryDemo': { args: none, result: ConnectAttempt },
  'connections.begin': { args: z.tuple([ConnectRequest]), result: ConnectAttempt },
  'connections.cancel': { args: z.tuple([z.string().min(1).max(128)]), result: z.null() },
  'connections.disconnect': { args: z.tuple([z.string().min(1).max(128)]), result: ConnectionsState },

  /**
   * One call to the store's API: (connectionId, operation, params), the operation named by a row of
   * store-api/operations.ts, whose own schema the services check `params` against.
   */
  'store.call': {
    args: z.tuple([z.string().min(1).max(128), z.enum(OPERATION_NAMES as [OperationName, ...OperationName[]]), z.unknown().optional()]),
    result: z.unknown(),
  },
  /** Whether the store answered recently; decided by real requests. */
  'store.checkReachability': { args: z.tuple([z.string().min(1).max(128)]), result: Reachability },
  'diagnostics.requestLog': { args: none, result: z.array(RequestLogEntry) },

  /** Fetches a blog's stylesheet for the preview (https, or http on this computer); the renderer sanitises it. */
  'blogs.fetchPreviewStylesheet': { args: z.tuple([z.string().min(1).max(2048)]), result: PreviewStylesheet },
  /**
   * Asks the user for a folder (the dialog showing the words given) and writes the export into a
   * new folder inside it; null when the user cancelled. Electron only: the browser shell downloads
   * the same files as a .zip.
   */
  'localData.exportToFolder': { args: z.tuple([ExportFolderRequest, DialogWords]), result: ExportedFolder.nullable() },
  /**
   * Prints the calling window's page through the system print dialog (Electron only: the
   * browser shell's page prints itself with window.print()).
   */
  'print.print': { args: z.tuple([PrintRequest]), result: PrintOutcome },
  /** Renders the calling window's page to PDF and writes it where the user chooses in a save dialog showing the words given (Electron only). */
  'print.savePdf': { args: z.tuple([PrintRequest, DialogWords]), result: SavePdfOutcome },
} as const

/** Events the main process pushes to the renderer: `namespace.onDid…` → payload. */
export const events = {
  'connections.onDidChange': ConnectionsState,
  'connections.onDidFinishConnect': ConnectOutcome,
  'store.onDidChangeReachability': Reachability,
} as const

export { CHANNEL_NAMES, EVENT_NAMES, isEventName, type ChannelName, type EventName } from './ipc-names'

/** True when A and B are the same set of names. */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
// ipc-names.ts lists the names again without the schemas (for the preload and the bridge):
// a channel or event added here and not there, or the other way, fails the type check.
const _channelsListed: SameNames<ChannelName, keyof typeof channels> = true
const _eventsListed: SameNames<EventName, keyof typeof events> = true

export type ChannelArgs<C extends ChannelName> = z.input<(typeof channels)[C]['args']>
export type ChannelResult<C extends ChannelName> = z.output<(typeof channels)[C]['result']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

// ---------------------------------------------------------------- the API the renderer sees

type Split<S extends string> = S extends `${infer NS}.${infer M}` ? [NS, M] : never
type Namespaces = Split<ChannelName | EventName>[0]

/** The contract's names as nested objects (`api.connections.get`), each channel typed by `Fns`. */
type NamespacedApi<Fns extends Record<ChannelName, unknown>> = {
  [NS in Namespaces]: {
    [C in ChannelName as Split<C>[0] extends NS ? Split<C>[1] : never]: Fns[C]
  } & {
    [E in EventName as Split<E>[0] extends NS ? Split<E>[1] : never]: (listener: (payload: EventPayload<E>) => void) => () => void
  }
}

/** store.call's params and result follow its operation, which a tuple schema cannot say. */
type StoreCallFn = <N extends OperationName>(connectionId: string, operation: N, params: OperationParams<N>) => Promise<OperationResult<N>>

/**
 * `api` as the renderer uses it: `api.connections.get()`, `api.store.call(...)`,
 * `api.connections.onDidChange(cb)` returning an unsubscribe function. Failures are thrown
 * as the bridge's `StoredeskError`.
 */
export type StoredeskApi = NamespacedApi<{
  [C in ChannelName]: C extends 'store.call' ? StoreCallFn : (...args: ChannelArgs<C>) => Promise<ChannelResult<C>>
}>

/** `window.storedesk` as the Electron preload exposes it: the same names, answering `IpcResult`. */
export type PreloadApi = NamespacedApi<{
  [C in ChannelName]: (...args: ChannelArgs<C>) => Promise<IpcResult<ChannelResult<C>>>
}>

/**
 * What a transport exposes: the untyped invoke/subscribe pair every shell implements.
 * `invoke` never rejects for a handler's failure; it resolves to an `IpcResult`.
 */
export interface RawTransport {
  invoke(channel: ChannelName, args: unknown[]): Promise<IpcResult<unknown>>
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void
}

/** Validates a channel's arguments; `null` when they are malformed. */
export function parseArgs<C extends ChannelName>(channel: C, args: unknown): z.output<(typeof channels)[C]['args']> | null {
  const parsed = channels[channel].args.safeParse(args)
  return parsed.success ? (parsed.data as z.output<(typeof channels)[C]['args']>) : null
}

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && Object.hasOwn(channels, value)
}

