import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { browserProcessOf, childrenOf, chromiumCpu, chromiumKind, cpuBetween, cpuMeter, parseStat, peakResidentMB, treeOf } from './process-cpu'

describe('parseStat', () => {
  it('reads the parent and CPU time after a command name holding spaces and parentheses', () => {
    const line = '4242 (tsx (web) host) S 99 4242 4242 0 -1 4194560 800 0 0 0 250 50 0 0 20 0 7 0 12345 1000000 2000 18446744073709551615'
    expect(parseStat(line, 100)).toEqual({ parent: 99, cpu: 3 })
  })

  it('answers null for a line it cannot read', () => {
    expect(parseStat('garbage', 100)).toBeNull()
  })
})

describe('chromiumKind', () => {
  it("sorts Chromium's processes by their command line", () => {
    expect(chromiumKind(['/usr/lib/chromium/chromium', '--no-sandbox'])).toBe('browser')
    expect(chromiumKind(['/usr/lib/chromium/chromium', '--type=renderer', '--lang=en-US'])).toBe('renderer')
    expect(chromiumKind(['chromium', '--type=utility', '--utility-sub-type=network.mojom.NetworkService'])).toBe('network')
    expect(chromiumKind(['chromium', '--type=utility', '--utility-sub-type=storage.mojom.StorageService'])).toBe('storage')
    expect(chromiumKind(['chromium', '--type=gpu-process'])).toBe('gpu')
    expect(chromiumKind(['chromium', '--type=zygote'])).toBe('other')
  })
})

describe('treeOf', () => {
  it('takes a process and everything below it, not its siblings', () => {
    const all = new Map([
      [1, { parent: 0, cpu: 0 }],
      [10, { parent: 1, cpu: 1 }],
      [11, { parent: 10, cpu: 1 }],
      [12, { parent: 11, cpu: 1 }],
      [20, { parent: 1, cpu: 1 }],
    ])
    const children = childrenOf(all)
    expect([...treeOf(10, all, children)].sort()).toEqual([10, 11, 12])
    expect(treeOf(99, all, children).size).toBe(0)
  })
})

describe.runIf(existsSync('/proc/self/stat'))('cpuMeter', () => {
  it("counts a busy child's CPU time in its own group, not in the rest", async () => {
    // Busy until it has used 400 ms of CPU (however loaded the machine), then idle until killed:
    // its time stays readable in /proc.
    const busy = "for (let u = process.cpuUsage(); u.user + u.system < 400000; u = process.cpuUsage()); console.log('done'); setTimeout(() => {}, 20000)"
    const child = spawn(process.execPath, ['-e', busy])
    try {
      const meter = cpuMeter({ busy: child.pid! })!
      const before = meter.read()
      await new Promise<void>((done, fail) => {
        child.stdout.on('data', () => done())
        child.on('exit', () => fail(new Error('the busy child ended early')))
      })
      const used = cpuBetween(before, meter.read())
      expect(used.busy).toBeGreaterThan(0.25)
      expect(chromiumCpu(used)).toBeLessThan(0.2)
    } finally {
      child.kill()
    }
  })
})

describe.runIf(existsSync('/proc/self/stat'))('browserProcessOf and peakResidentMB', () => {
  it("find one browser by its profile folder and weigh only its own processes", async () => {
    // Two "browsers" (no --type: the browser kind), told apart by their profile folders; the
    // second holds 64 MB more than the first.
    const hold = (mb: number) => `const b = Buffer.alloc(${mb} * 2 ** 20, 1); console.log(b.length); setTimeout(() => {}, 20000)`
    const profile = `/tmp/storedesk-bench-test-${process.pid}`
    const small = spawn(process.execPath, ['-e', hold(1), '--', `--user-data-dir=${profile}-a`])
    const big = spawn(process.execPath, ['-e', hold(64), '--', `--user-data-dir=${profile}-b`])
    try {
      await Promise.all(
        [small, big].map(
          (child) =>
            new Promise<void>((done, fail) => {
              child.stdout.once('data', () => done())
              child.once('exit', () => fail(new Error('the child ended early')))
            }),
        ),
      )
      expect(browserProcessOf(`${profile}-a`)).toBe(small.pid)
      expect(browserProcessOf(`${profile}-b`)).toBe(big.pid)
      expect(browserProcessOf(`${profile}-none`)).toBeNull()
      const smallPeak = peakResidentMB('browser', small.pid!)!
      const bigPeak = peakResidentMB('browser', big.pid!)!
      expect(bigPeak - smallPeak).toBeGreaterThan(50)
      expect(peakResidentMB('renderer', big.pid!)).toBe(0)
    } finally {
      small.kill()
      big.kill()
    }
  }, 60_000)
})
