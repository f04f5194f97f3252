// Content from the store stays inert in the app's window: a blog post styled to hide the app and
// cover it with a "Session expired" link, opened in the editor, the HTML source view and the
// preview, leaves the app's document without the post's styles or classes and nothing over the
// app's controls, and its HTML reaches the store unchanged when it is edited and published; and a
// carrier named like a member of Object.prototype ("Constructor") is text on the order page.
import type { Page } from '@playwright/test'
import { test, expect, type DemoStoreHandle } from './support/fixtures'
import { connectDemoStore } from './support/connect'

// Seeded posts point at images on `.invalid` hosts, which the browser cannot resolve; and
// Playwright's own script cannot run inside the sandboxed preview frame, and Chromium says so.
test.use({ allowedConsoleErrors: ['ERR_NAME_NOT_RESOLVED', 'Failed to load resource', "Blocked script execution in 'about:srcdoc'"] })

const TITLE = 'Notes from the workshop'

/** Each way the review found for a post to restyle or cover the app, one block at a time. */
const HIJACKS = [
  '<details><style>body{visibility:hidden}</style><a href="https://evil.example/login" style="position:fixed;inset:0;z-index:99999;visibility:visible">Session expired</a></details>',
  '<details open=""><summary>Open notes</summary><style>body{visibility:hidden} nav{display:none}</style><a href="https://evil.example/login" style="position:fixed;inset:0;z-index:99999;visibility:visible;background:#fff;font-size:40px">Session expired, sign in again</a></details>',
  // Written with the spacing the editor gives a paragraph's style (style spacing is no change, html-fidelity.ts).
  '<p style="position:fixed; top:0; left:0; right:0; bottom:0; z-index:99998; background:#fff; color:#000">Your session ended: <a href="https://evil.example/relogin">sign in again</a></p>',
  '<div class="sd-hijack n-message-container"><p>Shipping update for everyone</p></div>',
  '<pre><span style="color:#d73a49;position:fixed;inset:0;z-index:99997">const</span> sizes = [38, 40]</pre>',
  '<details open=""><summary>Members’ offer</summary><button popovertarget="deal">See the offer</button><div id="deal" popover="" style="inset:0;background:#fff;font-size:40px">Session expired, sign in</div></details>',
]
const POST = ['<p>Spring notes from the workshop.</p>', ...HIJACKS, '<p>Thanks for reading.</p>'].join('\n')

/** What of the post's look reached the app's own document (shadow trees and frames are not it). */
async function foreignLook(page: Page) {
  return page.evaluate(() => ({
    styleElements: [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').filter((text) => text.includes('visibility:hidden')),
    styleAttributes: [...document.querySelectorAll('[style]')].map((element) => element.getAttribute('style') ?? '').filter((style) => /z-index:\s*9999\d|font-size:\s*40px/.test(style)),
    classes: document.querySelectorAll('.sd-hijack').length,
    bodyVisibility: getComputedStyle(document.body).visibility,
    navigationDisplay: getComputedStyle(document.querySelector('nav')!).display,
  }))
}

/** True when a person pointing at the middle of `target` reaches it, not something laid over it. */
async function reachable(page: Page, name: string, target: ReturnType<Page['getByRole']>) {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  expect(box, `${name} is on screen`).not.toBeNull()
  return target.evaluate((element, point) => {
    const hit = document.elementFromPoint(point.x, point.y)
    return !!hit && (element === hit || element.contains(hit))
  }, { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 })
}

async function expectAppUntouched(page: Page, where: string) {
  // The pointer goes to a corner first: scrolling can bring a toolbar button under it, whose own
  // tooltip would then cover a control (the app's, not the post's).
  await page.mouse.move(0, 0)
  await expect(page.getByText('Find and replace (Ctrl+F)')).toBeHidden()
  expect(await foreignLook(page), where).toEqual({ styleElements: [], styleAttributes: [], classes: 0, bodyVisibility: 'visible', navigationDisplay: expect.not.stringMatching(/^none$/) })
  const controls = {
    'the sidebar': page.getByRole('navigation').first(),
    'the Publish button': page.getByRole('button', { name: /^Publish( changes)?$/ }),
    'the title field': page.getByRole('textbox', { name: 'Title', exact: true }),
    'the editor views': page.getByLabel('Editor view'),
  }
  for (const [name, control] of Object.entries(controls)) expect(await reachable(page, name, control), `${where}: ${name} is not covered`).toBe(true)
}

async function storeBlog(demoStore: DemoStoreHandle, id: number): Promise<{ content: string }> {
  const response = await demoStore.api(`/openapi/2021-08/blogs/${id}`)
  expect(response.ok).toBe(true)
  return ((await response.json()) as { data: { content: string } }).data
}

test('a post styled to take over the window stays inside the editor, the source view and the preview, and reaches the store unchanged', async ({ page, demoStore }) => {
  test.setTimeout(150_000)
  const created = await demoStore.api('/openapi/2021-08/blogs', { method: 'POST', body: JSON.stringify({ title: TITLE, content: POST }) })
  expect(created.status).toBe(201)
  const { id } = ((await created.json()) as { data: { id: number } }).data

  await connectDemoStore(page)
  await page.evaluate(() => (location.hash = '#/blogs'))
  await page.getByRole('button', { name: TITLE, exact: true }).click({ timeout: 60_000 })
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(TITLE)
  const editor = page.getByRole('textbox', { name: 'Post content' })

  // The editor shows every block: the post's words as text, its kept HTML in cards.
  await expect(editor.getByText('Your session ended:')).toBeVisible()
  await expect(editor.getByText('Shipping update for everyone')).toBeVisible()
  await expect(editor.getByText('Kept as HTML: <details>')).toHaveCount(3)
  await expect(editor.getByText('Open notes')).toBeVisible()
  await expectAppUntouched(page, 'the editor')
  // A button in a kept block opens nothing over the window (popovers and invoker commands go).
  await editor.getByRole('button', { name: 'See the offer' }).click()
  expect(await page.evaluate(() => document.querySelectorAll(':popover-open').length + [...document.querySelectorAll('*')].filter((e) => e.shadowRoot?.querySelector(':popover-open')).length)).toBe(0)
  await expectAppUntouched(page, 'the editor, after a click on a kept block’s button')
  // The kept blocks keep their own look, inside their cards only: the highlighted code is coloured.
  await expect(editor.getByText('const', { exact: true })).toHaveCSS('color', 'rgb(215, 58, 73)')
  await expect(editor.getByText('const', { exact: true })).toHaveCSS('position', 'fixed')
  const card = await editor.locator('.sd-verbatim-code').boundingBox()
  const word = await editor.getByText('const', { exact: true }).boundingBox()
  expect(word!.y).toBeGreaterThanOrEqual(card!.y)
  expect(word!.y + word!.height).toBeLessThanOrEqual(card!.y + card!.height + 1)

  const views = page.getByLabel('Editor view')
  await views.getByRole('radio', { name: 'HTML source', exact: true }).check({ force: true })
  const source = page.getByRole('textbox', { name: 'HTML source' })
  for (const block of HIJACKS) await expect(source).toHaveValue(new RegExp(block.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  await expectAppUntouched(page, 'the HTML source view')

  await views.getByRole('radio', { name: 'Preview', exact: true }).check({ force: true })
  const preview = page.frameLocator('iframe[title="Preview of the post"]')
  await expect(preview.getByText('Thanks for reading.')).toBeAttached()
  await expectAppUntouched(page, 'the preview')

  // Edited and published, the post keeps every byte of the store's HTML but the typed words.
  await views.getByRole('radio', { name: 'Visual', exact: true }).check({ force: true })
  await editor.getByText('Thanks for reading.').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' See you soon.')
  await expectAppUntouched(page, 'the editor after an edit')
  // The post is live on the store, so the main button publishes changes.
  await page.getByRole('button', { name: 'Publish changes', exact: true }).click()
  await expect.poll(async () => (await storeBlog(demoStore, id)).content, { timeout: 30_000 }).toContain('Thanks for reading. See you soon.')
  const saved = (await storeBlog(demoStore, id)).content
  for (const block of HIJACKS) expect(saved).toContain(block)
})

test('a carrier named “Constructor” is shown as text on the order page, with the tracking number', async ({ page, demoStore }) => {
  const orders = ((await (await demoStore.api('/openapi/2025-04/orders?page_size=250&sort=date')).json()) as { data: { ID: number; fulfillment_status: string; post_status: string }[] }).data
  const order = orders.find((o) => o.fulfillment_status === 'unfulfilled' && o.post_status !== 'wc-cancelled')!
  const tracked = await demoStore.api(`/openapi/2025-04/orders/${order.ID}/track`, { method: 'POST', body: JSON.stringify({ trackno: 'MYPARCEL42', sendemail: false, logistics_company: 'Constructor' }) })
  expect(tracked.ok).toBe(true)

  await connectDemoStore(page)
  await page.evaluate((orderId) => (location.hash = `#/orders/${orderId}`), order.ID)
  await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
  const tracking = page.getByRole('region', { name: 'Tracking' })
  await expect(tracking).toContainText('MYPARCEL42')
  await expect(tracking).toContainText('Constructor (no tracking page known for this carrier)')
  await expect(tracking.getByRole('link')).toHaveCount(0)
})
