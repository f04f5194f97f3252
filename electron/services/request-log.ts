// The diagnostics request log: the last 500 requests to any store, for Settings → Diagnostics.
// Entries hold method, path and query, status, timing and our own error message: never a
// header, a body, a token or a client secret (the API client only ever hands it those fields).
import type { RequestLogEntry } from '../common/ipc-contract'

export const REQUEST_LOG_CAPACITY = 500

export class RequestLog {
  private readonly ring: RequestLogEntry[] = []

  constructor(private readonly capacity = REQUEST_LOG_CAPACITY) {}

  add(entry: RequestLogEntry): void {
    this.ring.push(entry)
    if (this.ring.length > this.capacity) this.ring.splice(0, this.ring.length - this.capacity)
  }

  /** Oldest first; a copy, so callers cannot change the log. */
  entries(): RequestLogEntry[] {
    return this.ring.map((entry) => ({ ...entry }))
  }
}
