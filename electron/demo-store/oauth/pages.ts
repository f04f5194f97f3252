// The HTML the merchant sees during OAuth: the consent page and the error page. Self-contained
// (no scripts, no external assets): the only style is one <style> block allowed by its hash in
// the Content-Security-Policy, and every interpolated value is HTML-escaped.
import { createHash } from 'node:crypto'
import type { Scope } from '../../common/store-api/operations'

/** Each scope in plain words, as the consent page lists them. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  read_orders: 'See your orders and abandoned checkouts, and the meta fields on them',
  write_orders: 'Change your orders: shipping addresses and tracking numbers, and their meta fields',
  read_content: 'See your blog posts and blog collections, and the meta fields on them',
  write_content: 'Create, edit and delete blog posts and blog collections, and define meta fields',
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1d21}
main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d0d4da;border-radius:8px}
h1{font-size:1.4rem;margin:0 0 1rem}
ul{padding-left:1.25rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #5b6270;background:#fff;color:#1b1d21;cursor:pointer}
button.primary{background:#1f5fbf;border-color:#1f5fbf;color:#fff}
button:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.muted{color:#4a505b;font-size:.9rem}
`
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/**
 * The page's Content-Security-Policy. `formTarget` is the origin (or scheme) the Install and
 * Cancel redirects go to: Chromium applies form-action to the redirect after a form post too.
 */
export function pageCsp(formTarget?: string): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

export function consentPage(opts: { shop: string; appName: string; scopes: Scope[]; formToken: string }): string {
  const items = opts.scopes.map((s) => `<li>${escapeHtml(SCOPE_DESCRIPTIONS[s])} <span class="muted">(${escapeHtml(s)})</span></li>`).join('\n')
  return page(`Install ${opts.appName}`, `<h1>Install ${escapeHtml(opts.appName)} on ${escapeHtml(opts.shop)}?</h1>
<p>${escapeHtml(opts.appName)} is asking for permission to:</p>
<ul aria-label="Requested permissions">
${items}
</ul>
<form method="post" action="/admin/oauth/authorize">
<input type="hidden" name="request" value="${escapeHtml(opts.formToken)}">
<div class="actions">
<button type="submit" name="decision" value="install" class="primary">Install</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>
<p class="muted">Demo store: this is a local test store, not a real shop.</p>`)
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p class="muted">Nothing was installed. Go back to the app and try connecting again.</p>`)
}
