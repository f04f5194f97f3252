// A stand-in for '@/bridge' in unit tests: every API function is a vi.fn the test can
// program, and `emit` plays an event from the main process to whoever subscribed.
// Use with: vi.mock('@/bridge', () => import('@/bridge/testing/fake-bridge'))
import { vi } from 'vitest'
import type { EventName, EventPayload, IpcErrorData } from '@common/ipc-contract'

/** Same shape as the bridge's error, so `instanceof StoredeskError` works in the code under test. */
export class StoredeskError extends Error {
  readonly code: IpcErrorData['code']
  readonly words?: IpcErrorData['words']
  constructor(data: IpcErrorData) {
    super(data.message)
    this.name = 'StoredeskError'
    this.code = data.code
    this.words = data.words
  }
}

const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
const subscribers = new Set<unknown>()

function subscriber<E extends EventName>(event: E) {
  const subscribe = vi.fn((listener: (payload: EventPayload<E>) => void) => {
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(listener as (payload: unknown) => void)
    return () => set.delete(listener as (payload: unknown) => void)
  })
  subscribers.add(subscribe)
  return subscribe
}

export const api = {
  app: { getInfo: vi.fn(), openExternal: vi.fn(), notify: vi.fn() },
  connections: {
    get: vi.fn(),
    setActive: vi.fn(),
    tryDemo: vi.fn(),
    begin: vi.fn(),
    cancel: vi.fn(),
    disconnect: vi.fn(),
    onDidChange: subscriber('connections.onDidChange'),
    onDidFinishConnect: subscriber('connections.onDidFinishConnect'),
  },
  store: {
    call: vi.fn(),
    checkReachability: vi.fn(),
    onDidChangeReachability: subscriber('store.onDidChangeReachability'),
  },
  diagnostics: { requestLog: vi.fn() },
  blogs: { fetchPreviewStylesheet: vi.fn() },
  localData: { exportToFolder: vi.fn() },
  print: { print: vi.fn(), savePdf: vi.fn() },
}

export const shell = 'web'

/** Delivers an event as the main process would, to every current subscriber. */
export async function emit<E extends EventName>(event: E, payload: EventPayload<E>): Promise<void> {
  for (const listener of [...(listeners.get(event) ?? [])]) await listener(payload)
}

/** Forgets subscriptions and calls, and the answers programmed into request functions. */
export function resetFakeBridge() {
  listeners.clear()
  for (const namespace of Object.values(api)) {
    for (const fn of Object.values(namespace)) {
      if (subscribers.has(fn)) fn.mockClear()
      else fn.mockReset()
    }
  }
}
