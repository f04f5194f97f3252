// Runs one whole-value match of an untrusted pattern off the main thread. It says `ready` once
// loaded; the caller then sends the request and terminates this worker if it does not answer
// in time, so a runaway pattern costs a thread for a moment, never the window.
interface MatchRequest {
  pattern: string
  value: string
}

// The renderer is type-checked with the DOM library, whose `self` is a Window: name the two
// members of a dedicated worker's scope this module uses.
const scope = self as unknown as {
  postMessage(message: unknown): void
  onmessage: ((event: MessageEvent<MatchRequest>) => void) | null
}

scope.onmessage = (event) => {
  const { pattern, value } = event.data
  try {
    scope.postMessage({ matched: new RegExp(`^(?:${pattern})$`, 'u').test(value) })
  } catch {
    scope.postMessage({ error: 'invalid' })
  }
}
scope.postMessage({ ready: true })
