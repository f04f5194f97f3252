// Starts the project's own processes for a test (the demo store, the browser-shell host)
// and waits for the line that announces their URL. Each one is killed when the test ends.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

export interface Started {
  url: string
  /** The spawned process (tsx, with the script's own Node below it). */
  pid: number
  output: () => string
  stop: () => Promise<void>
}

const root = resolve(import.meta.dirname, '../..')
const tsx = resolve(root, 'node_modules/.bin/tsx')

export async function startProcess(script: string, args: string[], announce: RegExp, env: Record<string, string> = {}): Promise<Started> {
  const child: ChildProcess = spawn(tsx, [resolve(root, script), ...args], {
    cwd: root,
    env: { ...process.env, BROWSER: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
      }),
  }
}
