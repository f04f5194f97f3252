// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createReachabilityProbe, PROBE_INTERVAL_MS } from './reachability-probe'

function setup(networkOnline?: () => boolean) {
  vi.useFakeTimers()
  const asked: string[] = []
  const probe = createReachabilityProbe({
    probe: async (id) => void asked.push(id),
    ...(networkOnline ? { networkOnline } : {}),
  })
  return { probe, asked }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the reachability probe', () => {
  it('asks a store that stopped answering every few seconds until it answers, then stops', async () => {
    const { probe, asked } = setup()
    probe.unanswered('a')
    probe.unanswered('a')
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
    expect(asked).toEqual(['a'])
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2)
    expect(asked).toEqual(['a', 'a', 'a'])
    probe.answered('a')
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 5)
    expect(asked).toHaveLength(3)
  })

  it('stops when the answer arrives during a probe, and watches each store on its own', async () => {
    vi.useFakeTimers()
    const asked: string[] = []
    const probe = createReachabilityProbe({
      probe: async (id) => {
        asked.push(id)
        if (id === 'a') probe.answered('a')
      },
    })
    probe.unanswered('a')
    probe.unanswered('b')
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3)
    expect(asked.filter((id) => id === 'a')).toEqual(['a'])
    expect(asked.filter((id) => id === 'b')).toHaveLength(3)
    probe.forget('b')
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3)
    expect(asked).toHaveLength(4)
  })

  it('does not send a request while the machine has no network, and asks as soon as it has one', async () => {
    let network = false
    const { probe, asked } = setup(() => network)
    probe.unanswered('a')
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3)
    expect(asked).toEqual([])
    network = true
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
    expect(asked).toEqual(['a'])
  })

  it('keeps going when a probe throws, and asks nothing once disposed', async () => {
    vi.useFakeTimers()
    let calls = 0
    const probe = createReachabilityProbe({
      probe: async () => {
        calls++
        throw new Error('unreachable')
      },
    })
    probe.unanswered('a')
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2)
    expect(calls).toBe(2)
    probe.dispose()
    probe.unanswered('a')
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3)
    expect(calls).toBe(2)
  })
})
