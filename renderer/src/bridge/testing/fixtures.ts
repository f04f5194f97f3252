// Connection fixtures for unit tests, shaped exactly as the contract's ConnectionSummary.
import type { ConnectionSummary, ConnectionsState } from '@common/ipc-contract'

export function connection(overrides: Partial<ConnectionSummary> = {}): ConnectionSummary {
  return {
    id: 'c_demo',
    shop: '127.0.0.1:4010',
    baseUrl: 'http://127.0.0.1:4010',
    label: 'Demo store',
    isDemo: true,
    scopes: ['read_orders', 'write_orders', 'read_content', 'write_content'],
    connectedAt: '2026-11-22T02:00:00.000Z',
    tokenEncrypted: false,
    ...overrides,
  }
}

export function state(connections: ConnectionSummary[], activeId: string | null = connections[0]?.id ?? null): ConnectionsState {
  return { connections, activeId }
}
