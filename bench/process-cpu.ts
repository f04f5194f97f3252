// CPU time used by the bench's processes during one measured step, read from Linux's /proc and
// grouped by process tree (the demo store's, the web host's, and everything else the bench
// started: Chromium's browser, renderer, GPU and utility processes, each kind apart). Figures 1
// and 7 use it to print how much of the machine a first sync occupies, where it goes, and so the
// fastest it could possibly run on this machine's cores.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Clock ticks per second of /proc's utime and stime (USER_HZ; 100 on every common Linux). */
function clockTicks(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100
  } catch {
    return 100
  }
}

interface ProcessStat {
  parent: number
  /** User plus system CPU time, in seconds. */
  cpu: number
}

/**
 * One line of /proc/<pid>/stat: the command name (field 2) is in parentheses and may hold spaces
 * or parentheses itself, so the fields are counted from the last ')'. After it: state, ppid,
 * ..., utime (14th field of the line) and stime (15th).
 */
export function parseStat(line: string, ticksPerSecond: number): ProcessStat | null {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ')
  const parent = Number(fields[1])
  const user = Number(fields[11])
  const system = Number(fields[12])
  if (![parent, user, system].every(Number.isFinite)) return null
  return { parent, cpu: (user + system) / ticksPerSecond }
}

function kindOf(pid: number): ChromiumKind {
  try {
    // Chromium rewrites its children's titles: their arguments may be one string with spaces.
    return chromiumKind(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/))
  } catch {
    return 'other'
  }
}

/** What `read` answers for each running process; a process that ends between the listing and the read is left out. */
function eachProcess<T>(read: (pid: number) => T | null): Map<number, T> {
  const all = new Map<number, T>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const value = read(Number(entry))
      if (value !== null) all.set(Number(entry), value)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return all
}

function readProcesses(ticksPerSecond: number): Map<number, ProcessStat> {
  return eachProcess((pid) => parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'), ticksPerSecond))
}

/**
 * The largest peak resident memory (VmHWM) of a running Chromium process of `kind` below
 * `root` (one browser's processes: the machine may run other Chromiums), in MB; null without /proc.
 */
export function peakResidentMB(kind: ChromiumKind, root: number): number | null {
  if (!existsSync('/proc/self/status')) return null
  const all = readProcesses(clockTicks())
  const peaks = [...treeOf(root, all, childrenOf(all))].filter((pid) => kindOf(pid) === kind).map((pid) => {
    try {
      return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
    } catch {
      return 0
    }
  })
  return Math.max(0, ...peaks)
}

/** The browser process of the Chromium running on profile folder `profileDir` (its command line names it), or null. */
export function browserProcessOf(profileDir: string): number | null {
  if (!existsSync('/proc/self/cmdline')) return null
  const all = readProcesses(clockTicks())
  const browsers = eachProcess((pid) => (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profileDir) && kindOf(pid) === 'browser' ? pid : null))
  // The browser is the one whose parent is not itself such a process.
  return [...browsers.keys()].find((pid) => !browsers.has(all.get(pid)?.parent ?? -1)) ?? null
}

/** Each process's children, from the parents in one reading of /proc. */
export function childrenOf(all: ReadonlyMap<number, ProcessStat>): Map<number, number[]> {
  const children = new Map<number, number[]>()
  for (const [pid, { parent }] of all) {
    const siblings = children.get(parent)
    if (siblings) siblings.push(pid)
    else children.set(parent, [pid])
  }
  return children
}

/** `root` and every process below it. */
export function treeOf(root: number, all: ReadonlyMap<number, ProcessStat>, children: ReadonlyMap<number, number[]>): Set<number> {
  const tree = new Set<number>()
  const queue = [root]
  while (queue.length > 0) {
    const pid = queue.pop()!
    if (tree.has(pid) || !all.has(pid)) continue
    tree.add(pid)
    queue.push(...(children.get(pid) ?? []))
  }
  return tree
}

/**
 * The kinds of Chromium process the bench's other descendants are sorted into, by their command
 * line's `--type` (and a utility's `--utility-sub-type`): IndexedDB's backend runs in the browser
 * process or the storage service, the page's JavaScript in the renderer, HTTP in the network service.
 */
export const CHROMIUM_KINDS = ['browser', 'renderer', 'network', 'storage', 'gpu', 'other'] as const
export type ChromiumKind = (typeof CHROMIUM_KINDS)[number]

/** Which kind of Chromium process a command line (its arguments) starts. */
export function chromiumKind(args: readonly string[]): ChromiumKind {
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const type = flag('type')
  if (type === undefined) return 'browser'
  if (type === 'renderer') return 'renderer'
  if (type === 'gpu-process') return 'gpu'
  const sub = flag('utility-sub-type') ?? ''
  if (sub.startsWith('network.')) return 'network'
  if (sub.startsWith('storage.')) return 'storage'
  return 'other'
}

/** CPU seconds per group: each named root's tree, and each kind of Chromium process among the bench's other descendants. */
export type CpuByGroup<G extends string> = Record<G | ChromiumKind, number>

/** The Chromium share of a reading: every kind together. */
export function chromiumCpu(cpu: Record<ChromiumKind, number>): number {
  return CHROMIUM_KINDS.reduce((sum, kind) => sum + cpu[kind], 0)
}

export interface CpuMeter<G extends string> {
  /** CPU seconds each group has used so far (a process that ended since takes its time with it). */
  read(): CpuByGroup<G>
}

/**
 * A meter over the bench's own process tree, or null where /proc is missing (not Linux). The
 * bench's own process (this Node, driving the page) is left out: it waits on the page.
 */
export function cpuMeter<G extends string>(roots: Record<G, number>): CpuMeter<G> | null {
  if (!existsSync('/proc/self/stat')) return null
  const ticksPerSecond = clockTicks()
  return {
    read() {
      const all = readProcesses(ticksPerSecond)
      const children = childrenOf(all)
      const totals = Object.fromEntries(CHROMIUM_KINDS.map((kind) => [kind, 0])) as CpuByGroup<G>
      const counted = new Set<number>([process.pid])
      for (const [group, root] of Object.entries(roots) as [G, number][]) {
        const tree = treeOf(root, all, children)
        totals[group] = [...tree].reduce((sum, pid) => sum + all.get(pid)!.cpu, 0)
        for (const pid of tree) counted.add(pid)
      }
      for (const pid of treeOf(process.pid, all, children)) if (!counted.has(pid)) totals[kindOf(pid)] += all.get(pid)!.cpu
      return totals
    },
  }
}

/** All groups' CPU seconds together. */
export function cpuTotal<G extends string>(cpu: CpuByGroup<G>): number {
  return Object.values<number>(cpu).reduce((sum, seconds) => sum + seconds, 0)
}

/** What each group used between two readings. */
export function cpuBetween<G extends string>(before: CpuByGroup<G>, after: CpuByGroup<G>): CpuByGroup<G> {
  return Object.fromEntries(Object.keys(after).map((group) => [group, after[group as G] - (before[group as G] ?? 0)])) as CpuByGroup<G>
}

/**
 * Bytes the bench's processes outside `roots` (Chromium's) have caused to be written to disk so
 * far (`write_bytes` of /proc/<pid>/io: IndexedDB's backend writing its log and tables), or null
 * without /proc. A process that ended since takes its bytes with it.
 */
export function chromiumBytesWritten(roots: number[]): number | null {
  if (!existsSync('/proc/self/io')) return null
  const all = readProcesses(clockTicks())
  const children = childrenOf(all)
  const left = new Set<number>([process.pid, ...roots.flatMap((root) => [...treeOf(root, all, children)])])
  let bytes = 0
  for (const pid of treeOf(process.pid, all, children)) {
    if (left.has(pid)) continue
    try {
      bytes += Number(/write_bytes:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return bytes
}

/** The bytes of every file below `dir` (0 when it does not exist). */
export function folderBytes(dir: string): number {
  if (!existsSync(dir)) return 0
  let bytes = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size
  return bytes
}

/**
 * The bytes below `dir` once they stop changing (the same over three readings 500 ms apart, at
 * most `maxMs`): a database deleted just before is compacted away by IndexedDB's backend over
 * the next seconds, and a growth weighed meanwhile would subtract it (figure 1 read a negative
 * growth so).
 */
export async function stillFolderBytes(dir: string, maxMs = 30_000): Promise<number> {
  const until = Date.now() + maxMs
  let last = folderBytes(dir)
  let same = 0
  while (same < 2 && Date.now() < until) {
    await new Promise((done) => setTimeout(done, 500))
    const now = folderBytes(dir)
    same = now === last ? same + 1 : 0
    last = now
  }
  return last
}
