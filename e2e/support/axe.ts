// The accessibility gate (issue 8): axe-core, through @axe-core/playwright, on the page as a
// person sees it. A serious or critical violation of WCAG 2.x A/AA fails the test, with the
// rule, its help text and the offending elements in the message so it can be fixed at once.
import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const BLOCKING_IMPACTS = new Set(['serious', 'critical'])

export interface A11yViolation {
  rule: string
  impact: string
  help: string
  /** CSS selectors of the elements that break the rule (first few). */
  targets: string[]
}

/**
 * Waits until no toast is shown and no finite animation or transition runs: axe computes
 * contrast from the opacity of the moment, so a toast fading in or out would be judged at a colour
 * no one reads it in. Endless animations (spinners) are ignored.
 */
async function settleAnimations(page: Page): Promise<void> {
  // A toast (Naive UI's message, "Connected to …") is not part of the screen and starts its fade
  // out on its own timer, possibly while axe runs: the scan waits until it is gone.
  await expect(page.locator('.n-message')).toHaveCount(0, { timeout: 15_000 })
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  )
}

/** The serious and critical WCAG violations axe finds on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  await settleAnimations(page)
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }))
}

export function describeViolation(v: A11yViolation): string {
  return `${v.rule} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`
}

/** Fails with every serious or critical violation on the page, named by `label` (screen and theme). */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const violations = await seriousA11yViolations(page)
  expect(violations.map(describeViolation), `serious or critical accessibility violations on ${label}`).toEqual([])
}

/**
 * Field errors not tied to their field, on the page as it is now: every message shown as a field
 * error (Naive UI's error feedback, or any `[data-field-error]`) must describe a control that says
 * it is invalid (`aria-invalid="true"` with `aria-describedby` naming the message), and every
 * control that says it is invalid must be described by a message a person can read. axe checks
 * neither: it cannot know which text is an error.
 */
export async function unwiredFieldErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'
    }
    const describedBy = (control: Element) => (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
    const invalid = [...document.querySelectorAll('[aria-invalid="true"]')].filter(visible)
    for (const message of document.querySelectorAll('.n-form-item-feedback--error, [data-field-error]')) {
      const text = message.textContent?.trim() ?? ''
      if (!visible(message) || !text) continue
      const ids = [message, ...message.querySelectorAll('[id]')].map((el) => el.id).filter(Boolean)
      const tied = invalid.some((control) => describedBy(control).some((id) => ids.includes(id)))
      if (!tied) problems.push(`a field error no control is tied to: “${text.slice(0, 80)}”`)
    }
    for (const control of invalid) {
      const said = describedBy(control).map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' ').trim()
      if (!said) problems.push(`an invalid control with no message describing it: ${control.getAttribute('aria-label') || control.id || control.tagName}`)
    }
    return problems
  })
}
