// Which meta field patterns (a definition's rule.regular_expression: untrusted input from
// whoever defined the field) may be run at all. One check shared by the demo store, which
// refuses such a pattern when a field is defined, and the app, which refuses to run it
// locally: a pattern must compile, be at most MAX_PATTERN_LENGTH characters, have no
// backreferences and no catastrophic shape (a quantified group that holds a quantifier or an
// alternation, e.g. `(a+)+`, `(a|aa)*`). Each side still runs a passing pattern under a time limit.

export const MAX_PATTERN_LENGTH = 200
/** The store stops testing values longer than this against a pattern. */
export const MAX_TESTED_LENGTH = 10_000

/** Null when the pattern may be run, else why not (in words for the user). */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`
  try {
    new RegExp(pattern, 'u')
  } catch {
    return 'is not a valid regular expression'
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'uses backreferences, which are not allowed'
  if (hasCatastrophicShape(pattern)) return 'has a nested quantifier such as (a+)+ or (a|b)* that can take forever to evaluate'
  return null
}

/** True when a group containing a quantifier or `|` is itself repeated (`*`, `+`, `{n,}`, `{n,m}` with m > n). */
function hasCatastrophicShape(pattern: string): boolean {
  // One entry per open group: does it contain a quantifier or an alternation?
  const groups: boolean[] = []
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]
    if (ch === '\\') {
      i++
      continue
    }
    if (inClass) {
      if (ch === ']') inClass = false
      continue
    }
    if (ch === '[') inClass = true
    else if (ch === '(') groups.push(false)
    else if (ch === '|' || ch === '*' || ch === '+' || (ch === '{' && isRepeat(pattern.slice(i)))) {
      if (groups.length > 0) groups[groups.length - 1] = true
    } else if (ch === ')') {
      const risky = groups.pop() ?? false
      if (risky && isRepeat(pattern.slice(i + 1))) return true
      if (risky && groups.length > 0) groups[groups.length - 1] = true
    }
  }
  return false
}

/** Whether `rest` starts with an unbounded or variable repeat. */
function isRepeat(rest: string): boolean {
  if (rest.startsWith('*') || rest.startsWith('+')) return true
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(rest)
  if (!braces || braces[2] === undefined) return false
  return braces[3] === '' || Number(braces[3]) > Number(braces[1])
}
