// "One voice" (issues 17 and 32), checked on a screen as a person reads it: no raw timestamps
// (ISO or SQL) in the text, no "(s)" plurals or "1 orders", no regular expressions, no API codes
// in snake_case ("shipping_method"), no time of day off the system's clock (a 24-hour time where
// the locale reads 12 hours, or the other way round, so never the two mixed), no library default
// placeholders ("Please Input"), no text wider than its box, and none cut off without a way to
// read it (an ellipsis needs a title or a tooltip the element names; otherwise text must wrap).
// Text set as code (<code>, <kbd>, <pre>: a meta field's key, a UTM value, a permission's code in
// a connection's details), what a person typed (inputs, the post editor), web and e-mail
// addresses are the store's or the person's own and are not judged.
import type { Page } from '@playwright/test'

export async function voiceProblems(page: Page): Promise<string[]> {
  const wording = await page.evaluate(() => {
    const problems: string[] = []
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
    }
    const own = (node: Node) => {
      const el = node.parentElement
      return !!el && visible(el) && !el.closest('code, kbd, pre, samp, textarea, input, .n-input, [contenteditable="true"], script, style, .visually-hidden, .sr-only')
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const parts: string[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (own(node) && node.textContent?.trim()) parts.push(node.textContent)
    const text = parts.join('\n').replace(/\bhttps?:\/\/\S+/g, ' ').replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    const cycle = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle
    const twelveHours = cycle === 'h11' || cycle === 'h12'
    const offClock: [RegExp, string] = twelveHours
      ? [/(?<![:\d])\d{1,2}:\d{2}(?::\d{2})?\b(?![:\d]|\s?[AP]M)|(?<![:\d])0\d:\d{2}(?::\d{2})?\s?[AP]M\b/g, 'a time off the 12-hour clock']
      : [/(?<![:\d])\d{1,2}:\d{2}(?::\d{2})?\s?[AP]M\b/g, 'a time off the 24-hour clock']
    const patterns: [RegExp, string][] = [
      [/\\[dDwWsSbB]|\[[^\]\s]{1,12}-[^\]\s]{1,12}\]|\{\d+(,\d*)?\}|\(\?[:=!]|\.\*|\w[+*]\)/g, 'a regular expression'],
      [/\b[a-z]{2,}(?:_[a-z]{2,})+\b/g, 'an API code'],
      offClock,
      [/\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?\b/g, 'a raw timestamp'],
      [/\b\w+\(s\)/g, 'a "(s)" plural'],
      [/(^|[^\d,.])1 (orders|posts|items|changes|attempts|revisions|drafts|checkouts|collections|fields|writes)\b/g, 'a plural after 1'],
      [/\b(\d[\d,]*) of (\d[\d,]*) on the store/g, 'a count'],
    ]
    for (const [pattern, what] of patterns) {
      for (const match of text.matchAll(pattern)) {
        if (what === 'a count') {
          const [done, total] = [Number(match[1]!.replaceAll(',', '')), Number(match[2]!.replaceAll(',', ''))]
          if (done > total) problems.push(`more cached than on the store: “${match[0]}”`)
        } else problems.push(`${what}: “${match[0].trim()}”`)
      }
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (visible(field) && /^please (input|select)/i.test(field.placeholder)) problems.push(`a library placeholder: “${field.placeholder}” (${field.getAttribute('aria-label') ?? field.id})`)
    }
    for (const placeholder of document.querySelectorAll('.n-base-selection-placeholder')) {
      if (visible(placeholder) && /^please (input|select)/i.test(placeholder.textContent?.trim() ?? '')) problems.push(`a library placeholder: “${placeholder.textContent?.trim()}”`)
    }
    return problems
  })
  return [...new Set([...wording, ...(await overflowProblems(page))])]
}

/**
 * Text wider than its box, and text cut off with no way to read it (an ellipsis needs a title or
 * a tooltip the element names), in the main area, the sidebar and open dialogs. By default only
 * elements holding text alone are checked; `mixed` also checks those holding text beside other
 * elements (a name with its marked part, a count before a button).
 */
export async function overflowProblems(page: Page, options: { mixed?: boolean } = {}): Promise<string[]> {
  return page.evaluate(({ mixed }) => {
    const problems: string[] = []
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
    }
    const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
    for (const el of document.querySelectorAll<HTMLElement>('main *, aside *, [role="dialog"] *')) {
      if (!visible(el) || !el.textContent?.trim()) continue
      if (el.children.length > 0 && !(mixed && ownText(el))) continue
      const style = getComputedStyle(el)
      // Text for screen readers only (1 px, clipped) is meant to be invisible.
      if (el.clientWidth <= 1 || style.clip === 'rect(0px, 0px, 0px, 0px)' || el.closest('.visually-hidden, .sr-only')) continue
      if (el.scrollWidth <= el.clientWidth + 1 || style.display === 'inline') continue
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis'
      const explained = el.title || el.closest('[title]') || el.closest('.n-ellipsis') || el.getAttribute('aria-describedby')
      if (clips && !explained) problems.push(`text cut off with no way to read it: “${el.textContent.trim().slice(0, 60)}”`)
      if (!clips) problems.push(`text wider than its box: “${el.textContent.trim().slice(0, 60)}”`)
    }
    return [...new Set(problems)]
  }, options)
}
