// Starts the project's own processes for a test (the demo store, the browser-shell host)
// and waits for the line that announces their URL. Each one is killed when the test ends. A
// process started in its own group can also be killed at once with everything under it (tsx
// runs the script in a child Node), as the operating system kills an app that crashed.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

export interface Started {
  url: string
  /** The spawned process (tsx, with the script's own Node below it). */
  pid: number
  output: () => string
  stop: () => Promise<void>
  /** SIGKILLs the process group (started with `group: true`): no handler runs, nothing is flushed. */
  kill: () => Promise<void>
}

const root = resolve(import.meta.dirname, '../..')
const tsx = resolve(root, 'node_modules/.bin/tsx')

export async function startProcess(script: string, args: string[], announce: RegExp, options: { env?: Record<string, string>; group?: boolean } = {}): Promise<Started> {
  const child: ChildProcess = spawn(tsx, [resolve(root, script), ...args], {
    cwd: root,
    env: { ...process.env, BROWSER: 'none', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group === true,
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const running = () => child.exitCode === null && child.signalCode === null
  let out = ''
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not announce itself within 30 s:\n${out}`)), 30_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const match = announce.exec(out)
      if (match?.[1]) {
        clearTimeout(timer)
        resolveUrl(match[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${script} exited with ${code} before announcing itself:\n${out}`))
    })
  })
  return {
    url,
    pid: child.pid!,
    output: () => out,
    stop: async () => {
      if (!running()) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
    kill: async () => {
      if (options.group !== true) throw new Error(`${script} was not started in its own process group`)
      if (running()) process.kill(-child.pid!, 'SIGKILL')
      await exited
    },
  }
}
